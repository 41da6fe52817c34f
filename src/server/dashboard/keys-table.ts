import type { KeyView } from '../../core/keys/key-view.js';
import { esc } from '../web/html.js';
import { csrfField, when } from './layout.js';

/** The one-time display of a new or rotated key's full value (spec § API key: shown once). */
export function newKeyPanel(k: { name: string; key: string; replaces?: string }): string {
  return `<section aria-labelledby="newkey-h" class="notice"><h2 id="newkey-h">${k.replaces ? 'Key rotated' : 'Key created'}: ${esc(k.name)}</h2>
<p>Copy this key now. It is shown only once; svc keeps only a hash of it.${k.replaces ? ' The previous key no longer works.' : ''}</p>
<output id="new-key" class="secret" aria-label="New API key value">${esc(k.key)}</output></section>`;
}

function actions(k: KeyView, base: string, csrf: string): string {
  const button = (action: string, label: string, cls = '') =>
    `<form class="inline" method="post" action="${esc(`${base}/${encodeURIComponent(k.id)}/${action}`)}">${csrfField(csrf)}<button type="submit"${cls ? ` class="${cls}"` : ''} aria-label="${esc(`${label} key ${k.name}`)}">${label}</button></form>`;
  const out: string[] = [];
  if (k.state === 'active') out.push(button('rotate', 'Rotate'), button('disable', 'Disable'));
  if (k.state === 'disabled') out.push(button('enable', 'Enable'));
  out.push(button('delete', 'Delete', 'danger'));
  return out.join('');
}

/** Keys with their owner-visible fields (name, scope, expiry, last used, source badge) and their actions. */
export function keysTable(keys: KeyView[], base: string, csrf: string, caption: string): string {
  if (keys.length === 0) return `<p class="muted">No keys yet.</p>`;
  const rows = keys
    .map(
      (k) => `<tr><th scope="row">${esc(k.name)}<br><code class="muted">${esc(k.prefix)}</code></th>
<td>${k.scope === 'container' ? 'container' : 'account'}</td><td>${esc(k.state)}</td>
<td><span class="badge">${esc(k.source)}</span></td><td>${when(k.createdAt)}</td><td>${when(k.expiresAt) || '<span class="muted">never</span>'}</td>
<td>${when(k.lastUsedAt) || '<span class="muted">never</span>'}</td><td class="actions">${actions(k, base, csrf)}</td></tr>`,
    )
    .join('');
  return `<table><caption>${esc(caption)}</caption><thead><tr><th scope="col">Name</th><th scope="col">Scope</th><th scope="col">State</th><th scope="col">Source</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">Actions</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Create form: name required, expiration optional (spec § Key management). */
export function createKeyForm(action: string, csrf: string, orgs: Array<{ id: string; name: string }> = []): string {
  const orgField =
    orgs.length > 1
      ? `<div><label for="key-org">Organization</label><select id="key-org" name="org">${orgs.map((o) => `<option value="${esc(o.id)}">${esc(o.name)}</option>`).join('')}</select></div>`
      : orgs.length === 1
        ? `<input type="hidden" name="org" value="${esc(orgs[0].id)}">`
        : '';
  return `<form method="post" action="${esc(action)}" class="row">${csrfField(csrf)}
<div><label for="key-name">Key name</label><input id="key-name" name="name" type="text" required maxlength="200"></div>${orgField}
<div><label for="key-expires">Expires <span class="muted">(optional)</span></label><input id="key-expires" name="expires" type="date"></div>
<div><button type="submit" class="primary">Create key</button></div></form>`;
}
