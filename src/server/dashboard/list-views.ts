import type { KeyView } from '../../core/keys/key-view.js';
import type { ContainerRecord, OrgRecord, OrgRole } from '../../store/types.js';
import { esc } from '../web/html.js';
import { csrfField } from './layout.js';
import { createKeyForm, keysTable, newKeyPanel } from './keys-table.js';

export interface OrgContainers {
  org: OrgRecord;
  role: OrgRole;
  balance: number;
  containers: ContainerRecord[];
}

/** The containers of each of the user's organizations, and a form to create one. */
export function containersBody(orgs: OrgContainers[], csrf: string): string {
  const sections = orgs
    .map((o) => {
      const rows = o.containers
        .map(
          (c) => `<tr><th scope="row"><a href="/dashboard/containers/${encodeURIComponent(c.id)}">${esc(c.name)}</a></th><td><code>${esc(c.id)}</code></td>
<td>${c.isPublic ? 'public' : 'private'}</td><td>${c.paused ? 'paused' : esc(c.initializationStatus)}</td></tr>`,
        )
        .join('');
      return `<section aria-labelledby="org-${esc(o.org.id)}"><h2 id="org-${esc(o.org.id)}">${esc(o.org.name)} <span class="badge">${esc(o.role)}</span></h2>
<p class="muted">${o.balance} credits</p>
${rows ? `<table><caption>Containers of ${esc(o.org.name)}</caption><thead><tr><th scope="col">Name</th><th scope="col">Id</th><th scope="col">Visibility</th><th scope="col">State</th></tr></thead><tbody>${rows}</tbody></table>` : '<p class="muted">No containers yet.</p>'}</section>`;
    })
    .join('');
  const options = orgs.map((o) => `<option value="${esc(o.org.id)}">${esc(o.org.name)}</option>`).join('');
  const create = orgs.length
    ? `<section aria-labelledby="create-h"><h2 id="create-h">New container</h2><form method="post" action="/dashboard/containers" class="row">${csrfField(csrf)}
<div><label for="container-name">Name</label><input id="container-name" name="name" type="text" required maxlength="200"></div>
<div><label for="container-org">Organization</label><select id="container-org" name="org">${options}</select></div>
<div><button type="submit" class="primary">Create container</button></div></form></section>`
    : '<p>You belong to no organization yet.</p>';
  return `${sections}${create}`;
}

/** The user menu's account keys: keys that reach every container of an organization. */
export function accountBody(keys: KeyView[], csrf: string, orgs: OrgRecord[], newKey?: { name: string; key: string; replaces?: string }): string {
  return `<section aria-labelledby="acct-h"><h2 id="acct-h">Keys that reach every container</h2>
<p class="muted">An account key reaches every container of your organization. Use it only for trusted cross-container automation; prefer container-scoped keys from a container's Access view.</p>
${newKey ? newKeyPanel(newKey) : ''}
${keysTable(keys, '/dashboard/account/keys', csrf, 'Account keys')}
<h3>New account key</h3>${createKeyForm('/dashboard/account/keys', csrf, orgs)}</section>`;
}
