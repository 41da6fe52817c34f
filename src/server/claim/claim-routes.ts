import type { IncomingMessage, ServerResponse } from 'node:http';
import { completeClaim, inspectClaimLink } from '../../core/claim/claim-link.js';
import { Forbidden, NotFound, SvcError } from '../../core/errors.js';
import type { ControlStore, OrgRecord, UserRecord } from '../../store/types.js';
import type { WebAuth } from '../dashboard/web-auth.js';
import { readFormBody } from '../http/read-form-body.js';
import type { HttpRoutes } from '../http/route.js';
import { redirect, sendHtml } from '../web/html.js';
import { claimConfirmPage, claimedNowPage, claimErrorPage, claimSignInPage, claimStatePage } from './claim-pages.js';

const CLAIM_PATH = /^\/claim\/([A-Za-z0-9_-]{1,128})\/?$/;

// spec § Ephemeral container: expired links say so. Status codes follow the error table: 404 for a link
// that never existed, 409 CONFLICT once claimed, and 410 Gone for an expired one (the link existed and will
// never work again).
const STATE_STATUS = { expired: 410, unknown: 404, claimed: 409 } as const;

export interface ClaimRouteDeps {
  control: ControlStore;
  auth: WebAuth;
  log(message: string, err?: unknown): void;
}

/** Organizations the user may claim into: those they own or administer. */
async function claimableOrgs(control: ControlStore, user: UserRecord): Promise<OrgRecord[]> {
  return (await control.listUserOrgs(user.id)).filter((o) => o.role === 'owner' || o.role === 'admin').map((o) => o.org);
}

/** `GET /claim/<token>` shows the claim page; `POST` takes its forms (sign in, sign up, sign out, claim). */
export function claimRoutes(deps: ClaimRouteDeps): HttpRoutes {
  const { control, auth } = deps;

  function send(req: IncomingMessage, res: ServerResponse, status: number, html: (csrf: string) => string) {
    const csrf = auth.csrf(req);
    sendHtml(res, status, html(csrf.token), csrf.setCookie ? { 'set-cookie': [csrf.setCookie] } : {});
  }

  async function show(req: IncomingMessage, res: ServerResponse, path: string, token: string, o: { status?: number; error?: string; email?: string } = {}) {
    const s = await inspectClaimLink(control, token);
    if (s.state !== 'valid') return send(req, res, STATE_STATUS[s.state], () => claimStatePage(s.state));
    const user = await auth.user(req);
    const status = o.status ?? 200;
    if (!user) return send(req, res, status, (csrf) => claimSignInPage({ path, csrf, containerName: s.containerName, error: o.error, email: o.email }));
    const orgs = await claimableOrgs(control, user);
    send(req, res, status, (csrf) => claimConfirmPage({ path, csrf, user, containerName: s.containerName, orgs, error: o.error }));
  }

  async function post(req: IncomingMessage, res: ServerResponse, path: string, token: string) {
    const form = await readFormBody(req);
    if (!auth.csrfValid(req, form.get('csrf'))) return show(req, res, path, token, { status: 403, error: 'The form could not be verified (CSRF check failed); try again.' });
    const action = form.get('action');
    if (action === 'signin' || action === 'signup') {
      const email = form.get('email') ?? '';
      const r =
        action === 'signin'
          ? await auth.signIn(email, form.get('password') ?? '')
          : await auth.signUp({ email, password: form.get('password') ?? '', name: form.get('name') ?? undefined, organization: form.get('organization') ?? undefined });
      if (!r.ok) return show(req, res, path, token, { status: r.status, error: r.message, email });
      return redirect(res, path, { 'set-cookie': r.setCookie });
    }
    if (action === 'signout') return redirect(res, path, { 'set-cookie': await auth.signOut(req) });
    if (action !== 'claim') return show(req, res, path, token, { status: 400, error: 'Unknown action.' });
    const user = await auth.user(req);
    if (!user) return show(req, res, path, token, { status: 401, error: 'Your sign-in expired; sign in again.' });
    const orgs = await claimableOrgs(control, user);
    const org = orgs.find((g) => g.id === form.get('org'));
    if (!org) throw new Forbidden('You can claim only into an organization you own or administer');
    const done = await completeClaim(control, token, { userId: user.id, orgId: org.id });
    if (done.state !== 'claimed-now') return send(req, res, STATE_STATUS[done.state], () => claimStatePage(done.state));
    send(req, res, 200, (csrf) => claimedNowPage({ user, csrf, containerId: done.containerId, containerName: done.containerName, orgName: org.name }));
  }

  return {
    name: 'claim-pages',
    matches: (method, url) => (method === 'GET' || method === 'HEAD' || method === 'POST') && url.pathname.startsWith('/claim/'),
    async handle(req: IncomingMessage, res: ServerResponse, url: URL) {
      const m = CLAIM_PATH.exec(url.pathname);
      try {
        if (!m) throw new NotFound('No such claim link');
        const path = `/claim/${m[1]}`;
        if (req.method === 'POST') return await post(req, res, path, m[1]);
        return await show(req, res, path, m[1]);
      } catch (err) {
        req.resume();
        if (err instanceof SvcError && err.status === 409) return send(req, res, 409, () => claimStatePage('claimed'));
        if (err instanceof SvcError && err.status === 404) return send(req, res, 404, () => claimStatePage('unknown'));
        if (err instanceof SvcError && err.status < 500) {
          return send(req, res, err.status, () => claimErrorPage('Claim failed', err.message));
        }
        deps.log(`${req.method} ${url.pathname} failed`, err);
        send(req, res, 500, () => claimErrorPage('Something went wrong', 'The server failed to handle this request; it has been logged.'));
      }
    },
  };
}
