import { createHash, randomBytes } from 'node:crypto';

/** Cookie jar for plain-fetch walks through the sign-in and consent forms (no browser). */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export async function registerClient(base: string, redirectUri = 'http://127.0.0.1:9/cb'): Promise<string> {
  const r = await fetch(`${base}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'test client', redirect_uris: [redirectUri] }) });
  return ((await r.json()) as any).client_id;
}

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';

/**
 * Signs in and approves through the server-rendered forms with fetch, returning the redirect to the client
 * (code or error). For tests of rules around tokens; the browser-driven flow is in oauth.test.ts.
 */
export async function authorizeWithForms(
  base: string,
  q: Record<string, string>,
  user = { email: 'owner@example.com', password: 'correct horse' },
  decision: 'approve' | 'deny' = 'approve',
): Promise<URL> {
  const jar = new Jar();
  const url = `${base}/oauth/authorize?${new URLSearchParams(q)}`;
  const first = await fetch(url, { redirect: 'manual' });
  if (first.status === 303) return new URL(first.headers.get('location')!);
  jar.take(first);
  const html = await first.text();
  const post = async (fields: Record<string, string>) => {
    const r = await fetch(`${base}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      body: new URLSearchParams({ request: hidden(html, 'request'), csrf: hidden(html, 'csrf'), ...fields }),
    });
    jar.take(r);
    return r;
  };
  const signedIn = await post({ action: 'signin', email: user.email, password: user.password });
  if (signedIn.status !== 303) throw new Error(`sign-in failed: ${signedIn.status}`);
  const approved = await post({ action: decision });
  if (approved.status !== 303) throw new Error(`approve failed: ${approved.status} ${await approved.text()}`);
  return new URL(approved.headers.get('location')!);
}

/** A full code flow with fetch: returns the token response. `resource` defaults to the whole service. */
export async function oauthTokens(base: string, o: { resource?: string; email?: string; password?: string } = {}): Promise<{ access_token: string; refresh_token: string; expires_in: number; clientId: string }> {
  const redirectUri = 'http://127.0.0.1:9/cb';
  const clientId = await registerClient(base, redirectUri);
  const { verifier, challenge } = pkcePair();
  const q: Record<string, string> = { response_type: 'code', client_id: clientId, redirect_uri: redirectUri, scope: 'containers:read', code_challenge: challenge, code_challenge_method: 'S256', state: 's1' };
  if (o.resource) q.resource = o.resource;
  const back = await authorizeWithForms(base, q, { email: o.email ?? 'owner@example.com', password: o.password ?? 'correct horse' });
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code: ${back}`);
  const r = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier, client_id: clientId }),
  });
  const body = (await r.json()) as any;
  if (r.status !== 200) throw new Error(`token exchange failed: ${JSON.stringify(body)}`);
  return { ...body, clientId };
}
