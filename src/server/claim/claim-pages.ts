import type { OrgRecord, UserRecord } from '../../store/types.js';
import { signInForm, signUpForm } from '../dashboard/auth-forms.js';
import { csrfField, dashboardPage } from '../dashboard/layout.js';
import { esc } from '../web/html.js';

const intro = (containerName: string) =>
  `<p>An agent created the container <strong>${esc(containerName)}</strong> without an account. Claiming it makes it permanent in your organization; its data and its API keys keep working.</p>`;

/** Not signed in: sign in or create an account, both posting back to the claim link. */
export function claimSignInPage(o: { path: string; csrf: string; containerName: string; error?: string; email?: string }): string {
  const c = { csrf: o.csrf, action: { signin: o.path, signup: o.path }, email: o.email };
  return dashboardPage(`Claim ${o.containerName}`, `${intro(o.containerName)}<p>Sign in or create an account to continue.</p><div class="row" style="align-items:flex-start">${signUpForm(c)}${signInForm(c)}</div>`, { error: o.error });
}

/** Signed in: confirm, choosing the organization when the user may claim into more than one. */
export function claimConfirmPage(o: { path: string; csrf: string; user: UserRecord; containerName: string; orgs: OrgRecord[]; error?: string }): string {
  const choice =
    o.orgs.length === 1
      ? `<input type="hidden" name="org" value="${esc(o.orgs[0].id)}"><p>It will belong to <strong>${esc(o.orgs[0].name)}</strong>.</p>`
      : `<label for="claim-org">Organization</label><select id="claim-org" name="org">${o.orgs.map((g) => `<option value="${esc(g.id)}">${esc(g.name)}</option>`).join('')}</select>`;
  const form = o.orgs.length
    ? `<form method="post" action="${esc(o.path)}">${csrfField(o.csrf)}<input type="hidden" name="action" value="claim">${choice}<p><button type="submit" class="primary">Claim container</button></p></form>`
    : `<p class="error" role="alert">You are not an owner or admin of any organization, so you cannot claim containers. Sign out and create an account to get an organization of your own.</p>`;
  const signOut = `<form method="post" action="${esc(o.path)}">${csrfField(o.csrf)}<input type="hidden" name="action" value="signout"><button type="submit">Not ${esc(o.user.email)}? Sign out</button></form>`;
  return dashboardPage(`Claim ${o.containerName}`, `${intro(o.containerName)}<section class="narrow">${form}</section>${signOut}`, { user: o.user, csrf: o.csrf, error: o.error });
}

export function claimedNowPage(o: { user: UserRecord; csrf: string; containerId: string; containerName: string; orgName: string }): string {
  return dashboardPage(
    'Container claimed',
    `<p class="notice" role="status"><strong>${esc(o.containerName)}</strong> is now a permanent container of <strong>${esc(o.orgName)}</strong>. Agents using its key keep working.</p>
<p><a href="/dashboard/containers/${encodeURIComponent(o.containerId)}">Open it in the dashboard</a></p>`,
    { user: o.user, csrf: o.csrf },
  );
}

const STATE_TEXT = {
  expired: ['Claim link expired', 'This claim link has expired (links last one hour). Ask the agent for a new one: it can call the svc_claim tool again, or you can run svc claim in a terminal.'],
  unknown: ['Claim link not found', 'This claim link does not exist. Check that the whole link was copied.'],
  claimed: ['Already claimed', 'This container has already been claimed and is now permanent. Sign in to the dashboard to find it.'],
} as const;

export function claimStatePage(state: keyof typeof STATE_TEXT): string {
  const [title, message] = STATE_TEXT[state];
  return dashboardPage(title, `<p class="error" role="alert">${esc(message)}</p><p><a href="/dashboard">Go to the dashboard</a></p>`);
}

export function claimErrorPage(title: string, message: string): string {
  return dashboardPage(title, `<p class="error" role="alert">${esc(message)}</p><p><a href="/dashboard">Go to the dashboard</a></p>`);
}
