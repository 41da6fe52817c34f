import type { IncomingMessage } from 'node:http';

/** Cookie values from the request (name=value pairs; values are our own base64url tokens). */
export function readCookies(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  sameSite: 'Strict' | 'Lax';
  secure: boolean;
  /** Defaults to /oauth (the consent pages); the dashboard and claim pages use their own paths. */
  path?: string;
}

/** HttpOnly, scoped to the OAuth pages unless another path is given. */
export function setCookie(name: string, value: string, o: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${o.path ?? '/oauth'}`, 'HttpOnly', `SameSite=${o.sameSite}`];
  if (o.maxAgeSeconds !== undefined) parts.push(`Max-Age=${o.maxAgeSeconds}`);
  if (o.secure) parts.push('Secure');
  return parts.join('; ');
}
