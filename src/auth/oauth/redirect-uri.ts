const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:']);

/**
 * Which redirect URIs a public client may register (OAuth 2.1 § 2.3.1, RFC 8252): https anywhere, http only
 * on a loopback address, or a private-use scheme of a native app (`cursor://…`). Never a fragment.
 */
export function redirectUriProblem(uri: string): string | null {
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return `${uri} is not an absolute URI`;
  }
  if (u.hash) return `${uri} must not contain a fragment`;
  if (FORBIDDEN_SCHEMES.has(u.protocol)) return `${u.protocol} redirect URIs are not allowed`;
  if (u.protocol === 'http:' && !LOOPBACK_HOSTS.has(u.hostname)) return `http redirect URIs must use a loopback address (127.0.0.1, [::1] or localhost): ${uri}`;
  return null;
}

/**
 * Exact string match, except that a loopback redirect may use any port (RFC 8252 § 7.3): native apps such
 * as `svc login` listen on a port chosen at run time.
 */
export function redirectUriMatches(registered: readonly string[], given: string): boolean {
  if (registered.includes(given)) return true;
  let g: URL;
  try {
    g = new URL(given);
  } catch {
    return false;
  }
  if (g.protocol !== 'http:' || !LOOPBACK_HOSTS.has(g.hostname)) return false;
  return registered.some((r) => {
    const u = new URL(r);
    return u.protocol === 'http:' && u.hostname === g.hostname && u.pathname === g.pathname && u.search === g.search;
  });
}
