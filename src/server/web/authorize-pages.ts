import { esc, page } from './html.js';

export interface FormContext {
  /** The original authorize query string, carried through the forms unchanged. */
  request: string;
  csrf: string;
}

const hidden = (f: FormContext) =>
  `<input type="hidden" name="request" value="${esc(f.request)}"><input type="hidden" name="csrf" value="${esc(f.csrf)}">`;

export function signInPage(f: FormContext, clientName: string, error?: string): string {
  return page(
    'Sign in',
    `<h1>Sign in to svc</h1>
<p><strong>${esc(clientName)}</strong> wants to use svc on your behalf. Sign in to review the request.</p>
${error ? `<p class="error" role="alert" id="form-error">${esc(error)}</p>` : ''}
<form method="post" action="/oauth/authorize"${error ? ' aria-describedby="form-error"' : ''}>
${hidden(f)}<input type="hidden" name="action" value="signin">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" class="primary">Sign in</button>
</form>`,
  );
}

export interface ConsentDetails {
  clientName: string;
  redirectHost: string;
  userEmail: string;
  /** What the token will reach, in words. */
  resourceLabel: string;
  permissionLabel: string;
  scope: string;
}

export function consentPage(f: FormContext, d: ConsentDetails): string {
  return page(
    'Authorize',
    `<h1>Authorize ${esc(d.clientName)}</h1>
<p>Signed in as <strong>${esc(d.userEmail)}</strong>.</p>
<p><strong>${esc(d.clientName)}</strong> (returns to <code>${esc(d.redirectHost)}</code>) asks for:</p>
<ul>
<li>Access to ${esc(d.resourceLabel)}</li>
<li>${esc(d.permissionLabel)}</li>
<li>Scope <code>${esc(d.scope)}</code>; the access expires after 7 days and can be renewed for up to 90 days</li>
</ul>
<form method="post" action="/oauth/authorize">
${hidden(f)}
<button type="submit" name="action" value="approve" class="primary">Approve</button>
<button type="submit" name="action" value="deny">Deny</button>
</form>
<form method="post" action="/oauth/authorize">${hidden(f)}<button type="submit" name="action" value="signout">Not you? Sign out</button></form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${esc(title)}</h1><p class="error" role="alert">${esc(message)}</p>`);
}
