import { esc } from '../web/html.js';
import { csrfField } from './layout.js';

export interface AuthFormContext {
  csrf: string;
  /** Where the forms post (`/dashboard/signin`, or the claim link itself). */
  action: { signin: string; signup: string };
  /** Extra hidden fields (for example where to go next). */
  hidden?: Record<string, string>;
  email?: string;
}

const hiddenFields = (c: AuthFormContext, action: string) =>
  `${csrfField(c.csrf)}<input type="hidden" name="action" value="${action}">${Object.entries(c.hidden ?? {})
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('')}`;

export function signInForm(c: AuthFormContext, headingLevel = 2): string {
  return `<section class="narrow" aria-labelledby="signin-h"><h${headingLevel} id="signin-h">Sign in</h${headingLevel}>
<form method="post" action="${esc(c.action.signin)}">${hiddenFields(c, 'signin')}
<label for="signin-email">Email</label><input id="signin-email" name="email" type="email" autocomplete="username" required value="${esc(c.email ?? '')}">
<label for="signin-password">Password</label><input id="signin-password" name="password" type="password" autocomplete="current-password" required>
<p><button type="submit" class="primary">Sign in</button></p></form></section>`;
}

export function signUpForm(c: AuthFormContext, headingLevel = 2): string {
  return `<section class="narrow" aria-labelledby="signup-h"><h${headingLevel} id="signup-h">Create an account</h${headingLevel}>
<form method="post" action="${esc(c.action.signup)}">${hiddenFields(c, 'signup')}
<label for="signup-email">Email</label><input id="signup-email" name="email" type="email" autocomplete="email" required value="${esc(c.email ?? '')}">
<label for="signup-name">Your name <span class="muted">(optional)</span></label><input id="signup-name" name="name" type="text" autocomplete="name">
<label for="signup-password">Password <span class="muted">(at least 8 characters)</span></label><input id="signup-password" name="password" type="password" autocomplete="new-password" minlength="8" required>
<label for="signup-org">Organization name <span class="muted">(optional; defaults to your email)</span></label><input id="signup-org" name="organization" type="text" autocomplete="organization">
<p><button type="submit" class="primary">Create account</button></p></form></section>`;
}
