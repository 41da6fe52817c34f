import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { newOpaqueToken } from '../../auth/oauth/opaque-token.js';
import { readCookies, setCookie } from './cookies.js';

export const CSRF_COOKIE = 'svc_csrf';

/**
 * Double-submit CSRF protection for the sign-in and consent forms: a random value in a SameSite=Strict,
 * HttpOnly cookie must come back in the form. Another site can neither read the cookie nor make the
 * browser send it with a cross-site POST.
 */
export function csrfToken(req: IncomingMessage, secure: boolean): { token: string; setCookie?: string } {
  const existing = readCookies(req)[CSRF_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return { token: existing };
  const token = newOpaqueToken();
  return { token, setCookie: setCookie(CSRF_COOKIE, token, { sameSite: 'Strict', secure }) };
}

export function csrfValid(req: IncomingMessage, submitted: string | null): boolean {
  const cookie = readCookies(req)[CSRF_COOKIE];
  if (!cookie || !submitted) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}
