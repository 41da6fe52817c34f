import type { IncomingMessage, ServerResponse } from 'node:http';
import { issueAuthCode } from '../../auth/oauth/codes.js';
import {
  parseAuthorizeRequest,
  RedirectableError,
  redirectWith,
  UnsafeRedirectError,
  type AuthorizeRequest,
} from '../../auth/oauth/authorize-request.js';
import { WEB_SESSION_TTL_MS } from '../../auth/oauth/lifetimes.js';
import type { OAuthServerContext } from '../../auth/oauth/server-context.js';
import { SignInThrottle } from '../../auth/sign-in-throttle.js';
import { checkPassword, endWebSession, startWebSession, webSessionUser } from '../../auth/web-sessions.js';
import { userPermissionOn } from '../../core/access/user-reach.js';
import type { UserRecord } from '../../store/types.js';
import { readFormBody } from '../http/read-form-body.js';
import { consentPage, errorPage, signInPage, type FormContext } from '../web/authorize-pages.js';
import { readCookies, setCookie } from '../web/cookies.js';
import { csrfToken, csrfValid } from '../web/csrf.js';
import { redirect, sendHtml } from '../web/html.js';

const SESSION_COOKIE = 'svc_session';

/**
 * `GET /oauth/authorize` shows sign-in (when needed) then consent; `POST /oauth/authorize` takes the forms
 * (sign in, approve, deny, sign out). The authorize query travels through the forms and is re-validated.
 */
export function authorizeHandler(ctx: OAuthServerContext) {
  const secure = () => ctx.issuer().startsWith('https:');
  const throttle = ctx.signInThrottle ?? new SignInThrottle();

  async function parse(res: ServerResponse, query: string): Promise<AuthorizeRequest | null> {
    try {
      return await parseAuthorizeRequest(ctx, new URLSearchParams(query));
    } catch (err) {
      if (err instanceof UnsafeRedirectError) {
        sendHtml(res, 400, errorPage('Invalid authorization request', err.message));
        return null;
      }
      if (err instanceof RedirectableError) {
        redirect(res, redirectWith(ctx, err.redirectUri, { error: err.error, error_description: err.message, state: err.state }));
        return null;
      }
      throw err;
    }
  }

  async function show(req: IncomingMessage, res: ServerResponse, a: AuthorizeRequest, query: string, user: UserRecord | null, extraCookies: string[] = [], error?: string, errorStatus = 401) {
    const csrf = csrfToken(req, secure());
    const cookies = [...extraCookies, ...(csrf.setCookie ? [csrf.setCookie] : [])];
    const form: FormContext = { request: query, csrf: csrf.token };
    const headers: Record<string, string[]> = cookies.length ? { 'set-cookie': cookies } : {};
    if (!user) return sendHtml(res, error ? errorStatus : 200, signInPage(form, a.client.name, error), headers);
    let resourceLabel = 'every container you can reach in svc, with your permissions there';
    let permissionLabel = 'Act with your own permissions on each container';
    if (a.target.kind === 'container') {
      const c = (await ctx.control.getContainer(a.target.containerId))!;
      const reach = await userPermissionOn(ctx.control, user.id, c);
      if (!reach) return sendHtml(res, 403, errorPage('No access', `You (${user.email}) have no access to this container.`), headers);
      resourceLabel = `the container "${c.name}" (${c.id})`;
      permissionLabel = reach.visitor ? 'Read it as a visitor of a public container' : `Act with your ${reach.permission} permission on it`;
    }
    sendHtml(res, 200, consentPage(form, {
      clientName: a.client.name,
      redirectHost: new URL(a.redirectUri).host || a.redirectUri,
      userEmail: user.email,
      resourceLabel,
      permissionLabel,
      scope: a.scope,
    }), headers);
  }

  return {
    async get(req: IncomingMessage, res: ServerResponse, url: URL) {
      const query = url.search.replace(/^\?/, '');
      const a = await parse(res, query);
      if (!a) return;
      await show(req, res, a, query, await webSessionUser(ctx.control, readCookies(req)[SESSION_COOKIE], ctx.now()));
    },

    async post(req: IncomingMessage, res: ServerResponse) {
      const form = await readFormBody(req);
      if (!csrfValid(req, form.get('csrf'))) {
        return sendHtml(res, 403, errorPage('Form expired', 'The form could not be verified (CSRF check failed). Go back to the application and start again.'));
      }
      const query = form.get('request') ?? '';
      const a = await parse(res, query);
      if (!a) return;
      const cookie = readCookies(req)[SESSION_COOKIE];
      const action = form.get('action');
      const again = `/oauth/authorize?${query}`;
      if (action === 'signin') {
        const email = form.get('email') ?? '';
        const wait = throttle.lockedFor(email, ctx.now());
        if (wait > 0) return show(req, res, a, query, null, [], `Too many failed sign-ins for this email; try again in ${Math.ceil(wait / 60)} minute(s).`, 429);
        const user = await checkPassword(ctx.control, email, form.get('password') ?? '');
        if (!user) {
          throttle.fail(email, ctx.now());
          return show(req, res, a, query, null, [], 'Wrong email or password.');
        }
        throttle.succeed(email);
        const value = await startWebSession(ctx.control, user.id, ctx.now());
        return redirect(res, again, {
          'set-cookie': setCookie(SESSION_COOKIE, value, { sameSite: 'Lax', secure: secure(), maxAgeSeconds: WEB_SESSION_TTL_MS / 1000 }),
        });
      }
      if (action === 'signout') {
        await endWebSession(ctx.control, cookie);
        return redirect(res, again, { 'set-cookie': setCookie(SESSION_COOKIE, '', { sameSite: 'Lax', secure: secure(), maxAgeSeconds: 0 }) });
      }
      const user = await webSessionUser(ctx.control, cookie, ctx.now());
      if (!user) return show(req, res, a, query, null, [], 'Your sign-in expired; sign in again.');
      if (action === 'deny') {
        return redirect(res, redirectWith(ctx, a.redirectUri, { error: 'access_denied', error_description: 'The user denied the request', state: a.state }));
      }
      if (action !== 'approve') return sendHtml(res, 400, errorPage('Invalid form', 'Unknown action.'));
      if (a.target.kind === 'container') {
        const c = await ctx.control.getContainer(a.target.containerId);
        if (!c || !(await userPermissionOn(ctx.control, user.id, c))) {
          return redirect(res, redirectWith(ctx, a.redirectUri, { error: 'access_denied', error_description: 'No access to this container', state: a.state }));
        }
      }
      const code = await issueAuthCode(ctx, a, user.id);
      redirect(res, redirectWith(ctx, a.redirectUri, { code, state: a.state }));
    },
  };
}
