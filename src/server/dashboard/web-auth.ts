import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WEB_SESSION_TTL_MS } from '../../auth/oauth/lifetimes.js';
import { newOpaqueToken } from '../../auth/oauth/opaque-token.js';
import { SignInThrottle } from '../../auth/sign-in-throttle.js';
import { checkPassword, endWebSession, startWebSession, webSessionUser } from '../../auth/web-sessions.js';
import { signUp } from '../../core/accounts/sign-up.js';
import { SvcError } from '../../core/errors.js';
import type { ControlStore, UserRecord } from '../../store/types.js';
import { readCookies, setCookie } from '../web/cookies.js';

// The dashboard and claim pages share one browser session, separate from the consent pages' cookie
// (that one is scoped to /oauth): signing in on a claim link leaves the user signed in to the dashboard.
const SESSION_COOKIE = 'svc_web';
const CSRF_COOKIE = 'svc_web_csrf';

export interface WebAuthDeps {
  control: ControlStore;
  /** Credits a self-service sign-up's new organization starts with (the server's initial grant). */
  initialCredits: number;
  secure(): boolean;
  /** The consent page's throttle, so failures on any sign-in form count together. */
  throttle?: SignInThrottle;
}

export type SignInResult = { ok: true; setCookie: string } | { ok: false; status: number; message: string };

/** Sessions, CSRF and sign-in/up/out for the dashboard and claim pages (the rules live in src/auth and core). */
export class WebAuth {
  private readonly throttle: SignInThrottle;
  constructor(private readonly deps: WebAuthDeps) {
    this.throttle = deps.throttle ?? new SignInThrottle();
  }

  user(req: IncomingMessage): Promise<UserRecord | null> {
    return webSessionUser(this.deps.control, readCookies(req)[SESSION_COOKIE]);
  }

  /** The double-submit token for this browser, and the cookie to set when it is new. */
  csrf(req: IncomingMessage): { token: string; setCookie?: string } {
    const existing = readCookies(req)[CSRF_COOKIE];
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return { token: existing };
    const token = newOpaqueToken();
    return { token, setCookie: setCookie(CSRF_COOKIE, token, { sameSite: 'Strict', secure: this.deps.secure(), path: '/' }) };
  }

  csrfValid(req: IncomingMessage, submitted: string | null): boolean {
    const cookie = readCookies(req)[CSRF_COOKIE];
    if (!cookie || !submitted || cookie.length !== submitted.length) return false;
    return timingSafeEqual(Buffer.from(cookie), Buffer.from(submitted));
  }

  private sessionCookie(value: string, maxAgeSeconds: number): string {
    return setCookie(SESSION_COOKIE, value, { sameSite: 'Lax', secure: this.deps.secure(), path: '/', maxAgeSeconds });
  }

  async signIn(email: string, password: string): Promise<SignInResult> {
    const wait = this.throttle.lockedFor(email);
    if (wait > 0) return { ok: false, status: 429, message: `Too many failed sign-ins for this email; try again in ${Math.ceil(wait / 60)} minute(s).` };
    const user = await checkPassword(this.deps.control, email, password);
    if (!user) {
      this.throttle.fail(email);
      return { ok: false, status: 401, message: 'Wrong email or password.' };
    }
    this.throttle.succeed(email);
    return { ok: true, setCookie: this.sessionCookie(await startWebSession(this.deps.control, user.id), WEB_SESSION_TTL_MS / 1000) };
  }

  /** Creates the user and their organization, then signs them in; bad input comes back as a message. */
  async signUp(input: { email: string; password: string; name?: string; organization?: string }): Promise<SignInResult> {
    try {
      const { userId } = await signUp(this.deps.control, input, this.deps.initialCredits);
      return { ok: true, setCookie: this.sessionCookie(await startWebSession(this.deps.control, userId), WEB_SESSION_TTL_MS / 1000) };
    } catch (err) {
      if (err instanceof SvcError && err.status < 500) return { ok: false, status: err.status, message: err.message };
      throw err;
    }
  }

  async signOut(req: IncomingMessage): Promise<string> {
    await endWebSession(this.deps.control, readCookies(req)[SESSION_COOKIE]);
    return this.sessionCookie('', 0);
  }
}
