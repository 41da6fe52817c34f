import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { authorizeWithForms, pkcePair, registerClient } from '../helpers/oauth-flow.js';

// Hostile and malformed input for the authorization server: every case gets the protocol's error, never a 500.
describe('OAuth bad input', () => {
  let d: TestDaemon;
  let clientId: string;
  const redirectUri = 'http://127.0.0.1:9/cb';

  beforeAll(async () => {
    d = await startDaemon();
    clientId = await registerClient(d.url, redirectUri);
  }, 60_000);
  afterAll(() => d?.stop());

  const authorizeQuery = (over: Record<string, string | null> = {}) => {
    const { challenge } = pkcePair();
    const q: Record<string, string | null> = { response_type: 'code', client_id: clientId, redirect_uri: redirectUri, scope: 'containers:read', code_challenge: challenge, code_challenge_method: 'S256', state: 'st', ...over };
    return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== null)) as Record<string, string>;
  };
  const authorize = (q: Record<string, string>) => fetch(`${d.url}/oauth/authorize?${new URLSearchParams(q)}`, { redirect: 'manual' });
  const token = (form: Record<string, string>, type = 'application/x-www-form-urlencoded') =>
    fetch(`${d.url}/oauth/token`, { method: 'POST', headers: { 'content-type': type }, body: new URLSearchParams(form).toString() }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
  const expectRedirectError = async (q: Record<string, string>, error: string, description: RegExp) => {
    const r = await authorize(q);
    expect(r.status).toBe(303);
    const loc = new URL(r.headers.get('location')!);
    expect(`${loc.origin}${loc.pathname}`).toBe(redirectUri);
    expect(loc.searchParams.get('error')).toBe(error);
    expect(loc.searchParams.get('error_description')).toMatch(description);
    expect(loc.searchParams.get('state')).toBe('st');
    expect(loc.searchParams.get('iss')).toBe(d.url);
  };

  /** A code issued through the forms, with its verifier. */
  const freshCode = async () => {
    const { verifier, challenge } = pkcePair();
    const back = await authorizeWithForms(d.url, authorizeQuery({ code_challenge: challenge }));
    return { code: back.searchParams.get('code')!, verifier };
  };
  const exchange = (c: { code: string; verifier: string }, over: Record<string, string> = {}) =>
    token({ grant_type: 'authorization_code', code: c.code, redirect_uri: redirectUri, code_verifier: c.verifier, client_id: clientId, ...over });

  it('authorize: missing PKCE is refused', async () => {
    await expectRedirectError(authorizeQuery({ code_challenge: null, code_challenge_method: null }), 'invalid_request', /code_challenge is required/);
    await expectRedirectError(authorizeQuery({ code_challenge_method: null }), 'invalid_request', /code_challenge_method=S256 is required/);
  });

  it('authorize: the plain method and malformed challenges are refused', async () => {
    await expectRedirectError(authorizeQuery({ code_challenge_method: 'plain' }), 'invalid_request', /plain is not supported; use S256/);
    await expectRedirectError(authorizeQuery({ code_challenge: 'short' }), 'invalid_request', /base64url SHA-256/);
  });

  it('authorize: only the code flow, known scopes and own resources', async () => {
    await expectRedirectError(authorizeQuery({ response_type: 'token' }), 'unsupported_response_type', /response_type=code/);
    await expectRedirectError(authorizeQuery({ scope: 'admin:all' }), 'invalid_scope', /Unknown scope admin:all/);
    await expectRedirectError(authorizeQuery({ resource: 'https://elsewhere.example/container/x' }), 'invalid_target', /not a resource of this server/);
    await expectRedirectError(authorizeQuery({ resource: `${d.url}/container/does-not-exist` }), 'invalid_target', /not found/);
  });

  it('authorize: unknown client or unregistered redirect_uri is shown, never redirected', async () => {
    for (const q of [authorizeQuery({ client_id: 'nobody' }), authorizeQuery({ redirect_uri: 'http://127.0.0.1:9/evil' }), authorizeQuery({ redirect_uri: null })]) {
      const r = await authorize(q);
      expect(r.status).toBe(400);
      expect(r.headers.get('location')).toBeNull();
      expect(r.headers.get('content-type')).toContain('text/html');
      expect(await r.text()).toContain('Invalid authorization request');
    }
  });

  it('sign-in: wrong password and missing CSRF token are refused', async () => {
    const first = await authorize(authorizeQuery());
    const cookie = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const html = await first.text();
    const request = /name="request" value="([^"]*)"/.exec(html)![1].replaceAll('&amp;', '&');
    const csrf = /name="csrf" value="([^"]*)"/.exec(html)![1];
    const post = (fields: Record<string, string>, withCookie = true) =>
      fetch(`${d.url}/oauth/authorize`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(withCookie ? { cookie } : {}) }, body: new URLSearchParams({ request, ...fields }) });
    const wrong = await post({ csrf, action: 'signin', email: 'owner@example.com', password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong email or password.');
    expect((await post({ action: 'signin', email: 'owner@example.com', password: 'correct horse' })).status).toBe(403);
    expect((await post({ csrf, action: 'signin', email: 'owner@example.com', password: 'correct horse' }, false)).status).toBe(403);
  });

  it('sign-in: five wrong passwords lock the email for a while (429), even with the right password', async () => {
    await d.admin(['user', 'add', '--org', 'acme', '--email', 'victim@example.com', '--password', 'correct horse', '--role', 'member']);
    const first = await authorize(authorizeQuery());
    const cookie = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const html = await first.text();
    const request = /name="request" value="([^"]*)"/.exec(html)![1].replaceAll('&amp;', '&');
    const csrf = /name="csrf" value="([^"]*)"/.exec(html)![1];
    const signIn = (password: string) =>
      fetch(`${d.url}/oauth/authorize`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body: new URLSearchParams({ request, csrf, action: 'signin', email: 'victim@example.com', password }) });
    for (let i = 0; i < 5; i++) expect((await signIn('guess')).status).toBe(401);
    const locked = await signIn('correct horse');
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain('Too many failed sign-ins');
  });

  it('token: a code is single use; a replay also revokes what it issued', async () => {
    const c = await freshCode();
    const first = await exchange(c);
    expect(first.status).toBe(200);
    const again = await exchange(c);
    expect(again).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'The authorization code was already used; tokens issued from it are revoked' } });
    const r = await d.rest('POST', '/tools/explore', { key: null, headers: { authorization: `Bearer ${first.body.access_token}` }, body: {} });
    expect(r.status).toBe(401);
  });

  it('token: wrong redirect_uri, wrong verifier and missing verifier are refused', async () => {
    expect((await exchange(await freshCode(), { redirect_uri: 'http://127.0.0.1:9/other' })).body).toEqual({ error: 'invalid_grant', error_description: 'redirect_uri does not match the authorization request' });
    expect((await exchange(await freshCode(), { code_verifier: pkcePair().verifier })).body).toEqual({ error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge' });
    const missing = await token({ grant_type: 'authorization_code', code: (await freshCode()).code, redirect_uri: redirectUri, client_id: clientId });
    expect(missing).toEqual({ status: 400, body: { error: 'invalid_request', error_description: 'code_verifier is required' } });
    expect((await exchange({ code: 'made-up', verifier: pkcePair().verifier })).body.error).toBe('invalid_grant');
  });

  it('token: grant types, content type and refresh replay', async () => {
    expect((await token({ grant_type: 'password', username: 'a', password: 'b' })).body.error).toBe('unsupported_grant_type');
    expect((await token({ grant_type: 'client_credentials' })).body.error).toBe('unsupported_grant_type');
    expect((await token({})).body).toEqual({ error: 'invalid_request', error_description: 'grant_type is required' });
    const json = await fetch(`${d.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":"authorization_code"}' });
    expect(json.status).toBe(400);
    expect(((await json.json()) as any).error).toBe('invalid_request');

    const t = (await exchange(await freshCode())).body;
    const r1 = await token({ grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: clientId });
    expect(r1.status).toBe(200);
    // presenting the rotated-out token again revokes the whole session, including the newest tokens
    const replay = await token({ grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: clientId });
    expect(replay.body.error).toBe('invalid_grant');
    expect((await token({ grant_type: 'refresh_token', refresh_token: r1.body.refresh_token, client_id: clientId })).body.error).toBe('invalid_grant');
    expect((await d.rest('POST', '/tools/explore', { key: null, headers: { authorization: `Bearer ${r1.body.access_token}` }, body: {} })).status).toBe(401);
  });

  it('registration: only public clients with safe redirect URIs', async () => {
    const reg = (body: unknown) =>
      fetch(`${d.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    expect((await reg({ redirect_uris: ['http://evil.example/cb'] })).body.error).toBe('invalid_redirect_uri');
    expect((await reg({ redirect_uris: ['javascript:alert(1)'] })).body.error).toBe('invalid_redirect_uri');
    expect((await reg({ redirect_uris: [] })).body.error).toBe('invalid_client_metadata');
    expect((await reg({ redirect_uris: ['https://app.example/cb'], token_endpoint_auth_method: 'client_secret_basic' })).body.error).toBe('invalid_client_metadata');
    const ok = await reg({ redirect_uris: ['https://app.example/cb', 'cursor://anysphere.cursor-retrieval/oauth/callback'], client_name: 'Cursor' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ client_name: 'Cursor', token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] });
    expect(ok.body.client_secret).toBeUndefined();
  });

  it('deny sends access_denied back to the client', async () => {
    const back = await authorizeWithForms(d.url, authorizeQuery(), undefined, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('discovery documents', async () => {
    const meta = (await (await fetch(`${d.url}/.well-known/oauth-authorization-server`)).json()) as any;
    expect(meta).toMatchObject({ issuer: d.url, token_endpoint: `${d.url}/oauth/token`, code_challenge_methods_supported: ['S256'], grant_types_supported: ['authorization_code', 'refresh_token'], token_endpoint_auth_methods_supported: ['none'], scopes_supported: ['containers:read'] });
    // also under the container (MCP) address, as the spec's `{mcp_url}/.well-known/…`
    expect((await fetch(`${d.url}/container/${d.containerId}/.well-known/oauth-authorization-server`)).status).toBe(200);
    const pr = (await (await fetch(`${d.url}/container/${d.containerId}/.well-known/oauth-protected-resource`)).json()) as any;
    expect(pr).toMatchObject({ resource: `${d.url}/container/${d.containerId}`, authorization_servers: [d.url] });
    expect((await fetch(`${d.url}/.well-known/oauth-protected-resource/elsewhere/x`)).status).toBe(404);
  });
});
