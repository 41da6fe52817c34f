import type { IncomingMessage, ServerResponse } from 'node:http';
import { createContainerAsMember } from '../../core/admin/create-container.js';
import { CredentialError, NotFound, SvcError, Unauthorized } from '../../core/errors.js';
import { createKey } from '../../core/keys/create-key.js';
import { listKeys } from '../../core/keys/list-keys.js';
import { rotateKey } from '../../core/keys/key-transitions.js';
import type { Stores, UserRecord } from '../../store/types.js';
import { readFormBody } from '../http/read-form-body.js';
import type { HttpRoutes } from '../http/route.js';
import { redirect, sendHtml } from '../web/html.js';
import { signInForm, signUpForm } from './auth-forms.js';
import { changeSettings, createContainerKey, expiryFromForm, loadContainerPage, runKeyAction, toggleTool, webPrincipal } from './container-actions.js';
import { containerBody } from './container-view.js';
import { dashboardPage } from './layout.js';
import { accountBody, containersBody } from './list-views.js';
import { noticeFor } from './notices.js';
import type { WebAuth } from './web-auth.js';

export interface DashboardDeps {
  stores: Stores;
  auth: WebAuth;
  log(message: string, err?: unknown): void;
}

const CONTAINER = /^\/dashboard\/containers\/([^/]+)(?:\/(keys|tools|settings)(?:\/([^/]+)\/(rotate|disable|enable|delete))?)?$/;
const ACCOUNT_KEY = /^\/dashboard\/account\/keys\/([^/]+)\/(rotate|disable|enable|delete)$/;

/** Only our own pages are valid places to continue after signing in (no open redirect). */
export function safeNext(next: string | null): string {
  return next && /^\/(dashboard|claim)(\/[A-Za-z0-9_\-/.%]*)?$/.test(next) ? next : '/dashboard';
}

/** The server-rendered dashboard under /dashboard: plain HTML forms, no script, every action a POST with CSRF. */
export function dashboardRoutes(deps: DashboardDeps): HttpRoutes {
  const { stores, auth } = deps;

  function render(req: IncomingMessage, res: ServerResponse, status: number, title: string, body: (csrf: string) => string, o: { user?: UserRecord | null; notice?: string; error?: string } = {}) {
    const csrf = auth.csrf(req);
    sendHtml(res, status, dashboardPage(title, body(csrf.token), { ...o, csrf: csrf.token }), csrf.setCookie ? { 'set-cookie': [csrf.setCookie] } : {});
  }

  function authPage(req: IncomingMessage, res: ServerResponse, kind: 'signin' | 'signup', next: string, status = 200, error?: string, email?: string, notice?: string) {
    const action = { signin: '/dashboard/signin', signup: '/dashboard/signup' };
    const other = kind === 'signin' ? `<p>New here? <a href="/dashboard/signup?next=${encodeURIComponent(next)}">Create an account</a>.</p>` : `<p>Have an account? <a href="/dashboard/signin?next=${encodeURIComponent(next)}">Sign in</a>.</p>`;
    render(req, res, status, kind === 'signin' ? 'Sign in to svc' : 'Create your svc account', (csrf) => {
      const c = { csrf, action, hidden: { next }, email };
      return `${kind === 'signin' ? signInForm(c) : signUpForm(c)}${other}`;
    }, { error, notice });
  }

  async function showContainer(req: IncomingMessage, res: ServerResponse, user: UserRecord, id: string, status = 200, extra: { notice?: string; newKey?: { name: string; key: string; replaces?: string } } = {}) {
    const csrf = auth.csrf(req);
    const data = await loadContainerPage(stores, user, id, csrf.token);
    const html = dashboardPage(data.access.container.name, containerBody({ ...data, newKey: extra.newKey }), { user, csrf: csrf.token, notice: extra.notice });
    sendHtml(res, status, html, csrf.setCookie ? { 'set-cookie': [csrf.setCookie] } : {});
  }

  async function showAccount(req: IncomingMessage, res: ServerResponse, user: UserRecord, status = 200, extra: { notice?: string; newKey?: { name: string; key: string; replaces?: string } } = {}) {
    const keys = (await listKeys(stores.control, webPrincipal(user, ''))).filter((k) => k.scope === 'account');
    const orgs = (await stores.control.listUserOrgs(user.id)).map((o) => o.org);
    render(req, res, status, 'Account keys', (csrf) => accountBody(keys, csrf, orgs, extra.newKey), { user, notice: extra.notice });
  }

  async function showContainers(req: IncomingMessage, res: ServerResponse, user: UserRecord, notice?: string) {
    const orgs = await Promise.all(
      (await stores.control.listUserOrgs(user.id)).map(async ({ org, role }) => ({ org, role, balance: await stores.control.getBalance(org.id), containers: await stores.control.listContainers(org.id) })),
    );
    render(req, res, 200, 'Containers', (csrf) => containersBody(orgs, csrf), { user, notice });
  }

  async function handleGet(req: IncomingMessage, res: ServerResponse, url: URL, path: string) {
    const user = await auth.user(req);
    const next = safeNext(url.searchParams.get('next'));
    if (path === '/dashboard/signin' || path === '/dashboard/signup') {
      if (user) return redirect(res, next);
      return authPage(req, res, path.endsWith('signin') ? 'signin' : 'signup', next, 200, undefined, undefined, noticeFor(url.searchParams.get('notice')));
    }
    if (!user) return redirect(res, `/dashboard/signin?next=${encodeURIComponent(path)}`);
    const notice = noticeFor(url.searchParams.get('notice'));
    if (path === '/dashboard') return showContainers(req, res, user, notice);
    if (path === '/dashboard/account') return showAccount(req, res, user, 200, { notice });
    const m = CONTAINER.exec(path);
    if (m && !m[2]) return showContainer(req, res, user, decodeURIComponent(m[1]), 200, { notice });
    throw new NotFound(`No page ${path}`);
  }

  async function handlePost(req: IncomingMessage, res: ServerResponse, path: string) {
    const form = await readFormBody(req);
    if (!auth.csrfValid(req, form.get('csrf'))) {
      return render(req, res, 403, 'Form expired', () => '<p><a href="/dashboard">Back to the dashboard</a></p>', { error: 'The form could not be verified (CSRF check failed). Reload the page and try again.' });
    }
    const next = safeNext(form.get('next'));
    if (path === '/dashboard/signin' || path === '/dashboard/signup') {
      const email = form.get('email') ?? '';
      const r = path.endsWith('signin')
        ? await auth.signIn(email, form.get('password') ?? '')
        : await auth.signUp({ email, password: form.get('password') ?? '', name: form.get('name') ?? undefined, organization: form.get('organization') ?? undefined });
      if (!r.ok) return authPage(req, res, path.endsWith('signin') ? 'signin' : 'signup', next, r.status, r.message, email);
      return redirect(res, next, { 'set-cookie': r.setCookie });
    }
    if (path === '/dashboard/signout') return redirect(res, '/dashboard/signin?notice=signed-out', { 'set-cookie': await auth.signOut(req) });
    const user = await auth.user(req);
    if (!user) throw new Unauthorized('Your sign-in expired; sign in again.');
    if (path === '/dashboard/containers') {
      const { containerId } = await createContainerAsMember(stores, user.id, form.get('org') ?? '', form.get('name') ?? '');
      return redirect(res, `/dashboard/containers/${encodeURIComponent(containerId)}?notice=created`);
    }
    if (path === '/dashboard/account/keys') {
      const org = form.get('org') ?? '';
      const created = await createKey(stores.control, webPrincipal(user, org), { name: form.get('name') ?? '', org, expiresAt: expiryFromForm(form.get('expires')), source: 'dashboard' });
      return showAccount(req, res, user, 201, { newKey: created });
    }
    const a = ACCOUNT_KEY.exec(path);
    if (a) {
      if (a[2] === 'rotate') return showAccount(req, res, user, 201, { newKey: await rotateKey(stores.control, webPrincipal(user, ''), decodeURIComponent(a[1])) });
      await runKeyAction(stores, webPrincipal(user, ''), decodeURIComponent(a[1]), a[2]);
      return redirect(res, `/dashboard/account?notice=${a[2] === 'delete' ? 'deleted' : `${a[2]}d`}`);
    }
    const m = CONTAINER.exec(path);
    if (!m || !m[2]) throw new NotFound(`No form ${path}`);
    const id = decodeURIComponent(m[1]);
    const back = `/dashboard/containers/${encodeURIComponent(id)}`;
    if (m[2] === 'keys' && !m[3]) return showContainer(req, res, user, id, 201, { newKey: await createContainerKey(stores, user, id, form) });
    if (m[2] === 'keys') {
      if (m[4] === 'rotate') return showContainer(req, res, user, id, 201, { newKey: await rotateKey(stores.control, webPrincipal(user, ''), decodeURIComponent(m[3])) });
      await runKeyAction(stores, webPrincipal(user, ''), decodeURIComponent(m[3]), m[4]);
      return redirect(res, `${back}?notice=${m[4] === 'delete' ? 'deleted' : `${m[4]}d`}#access-h`);
    }
    if (m[2] === 'tools') {
      await toggleTool(stores, user, id, form);
      return redirect(res, `${back}?notice=toggled#tools-h`);
    }
    return redirect(res, `${back}?notice=${await changeSettings(stores, user, id, form)}#settings-h`);
  }

  return {
    name: 'dashboard',
    matches: (_method, url) => url.pathname === '/dashboard' || url.pathname.startsWith('/dashboard/'),
    async handle(req: IncomingMessage, res: ServerResponse, url: URL) {
      const path = url.pathname.length > 10 ? url.pathname.replace(/\/$/, '') : url.pathname;
      const method = req.method ?? 'GET';
      try {
        if (method === 'GET' || method === 'HEAD') return await handleGet(req, res, url, path);
        if (method === 'POST') return await handlePost(req, res, path);
        throw new NotFound(`No page ${method} ${path}`);
      } catch (err) {
        req.resume();
        if (err instanceof SvcError || err instanceof CredentialError) {
          const user = await auth.user(req).catch(() => null);
          const back = err.status === 401 ? `<p><a href="/dashboard/signin">Sign in</a></p>` : '<p><a href="/dashboard">Back to the dashboard</a></p>';
          return render(req, res, err.status, err.status === 404 ? 'Not found' : 'That did not work', () => back, { user, error: err.message });
        }
        deps.log(`${method} ${path} failed`, err);
        render(req, res, 500, 'Something went wrong', () => '<p><a href="/dashboard">Back to the dashboard</a></p>', { error: 'The server failed to handle this request; it has been logged.' });
      }
    },
  };
}
