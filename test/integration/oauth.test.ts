import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createPrivateKey } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';

// The whole flow, driven by a strict third-party client (oauth4webapi) with consent given in Chromium
// (spec § OAuth 2.1; RFC 8414, 9728, 7591, 7636, 8707, 9068, 7009).
describe('OAuth 2.1 flow with oauth4webapi and a browser', () => {
  let d: TestDaemon;
  let browser: Browser;
  let callback: Server;
  let redirectUri: string;
  let otherContainer: string;
  const insecure = { [oauth.allowInsecureRequests]: true };

  beforeAll(async () => {
    d = await startDaemon();
    otherContainer = (await d.newContainer('other')).containerId;
    browser = await launchChromium();
    callback = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('back at the client'));
    await new Promise<void>((r) => callback.listen(0, '127.0.0.1', r));
    redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/cb`;
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    callback?.close();
    await d?.stop();
  });

  const bearer = (token: string, containerId = d.containerId, path = '/tools/explore', body: unknown = {}) =>
    d.rest('POST', path, { key: null, containerId, headers: { authorization: `Bearer ${token}` }, body });

  it('discovers, registers, authorizes in the browser, exchanges, calls a tool, refreshes and revokes', async () => {
    const resource = `${d.url}/container/${d.containerId}`;

    // 1. An unauthenticated call points at the protected-resource metadata (RFC 9728 § 5.1).
    const challenge = await d.rest('POST', '/tools/explore', { key: null, body: {} });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toContain(`resource_metadata="${d.url}/.well-known/oauth-protected-resource/container/${d.containerId}"`);
    const rs = await oauth.processResourceDiscoveryResponse(new URL(resource), await oauth.resourceDiscoveryRequest(new URL(resource), insecure));
    expect(rs.authorization_servers).toEqual([d.url]);

    // 2. Authorization server discovery and dynamic registration of a public client.
    const issuer = new URL(rs.authorization_servers![0]);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' }));
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(as, { client_name: 'Test MCP host', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }, insecure),
    );
    const client: oauth.Client = { client_id: registered.client_id, token_endpoint_auth_method: 'none' };

    // 3. Authorization request with PKCE S256 and a resource indicator.
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirectUri,
      scope: 'containers:read',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      resource,
    })) url.searchParams.set(k, v);

    // 4. Sign in and consent in Chromium.
    const page = await browser.newPage();
    await page.goto(url.toString());
    expect(await page.title()).toBe('Sign in · svc');
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('correct horse');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Authorize Test MCP host' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('the container "main"');
    await Promise.all([page.waitForURL((u) => u.toString().startsWith(redirectUri)), page.getByRole('button', { name: 'Approve' }).click()]);
    const back = new URL(page.url());
    await page.close();

    // 5. Validate the answer (state, iss) and exchange the code.
    const params = oauth.validateAuthResponse(as, client, back, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, insecure),
    );
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(7 * 24 * 3600);
    expect(tokens.refresh_token).toBeTruthy();

    // 6. The access token is an RFC 9068 JWT (EdDSA) with user id, email, name, session id and the container audience.
    const claims = await oauth.validateJwtAccessToken(as, new Request(resource, { headers: { authorization: `Bearer ${tokens.access_token}` } }), resource, { ...insecure, signingAlgorithms: ['EdDSA'] });
    expect(claims).toMatchObject({ sub: d.userId, aud: resource, iss: d.url, email: 'owner@example.com', name: 'owner', client_id: client.client_id });
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);

    // 7. A tool call with the token works; another container's audience is refused with the uncoded 401.
    const w = await bearer(tokens.access_token, d.containerId, '/tools/write', { content: 'written with an OAuth token' });
    expect(w.status).toBe(200);
    expect((await bearer(tokens.access_token)).status).toBe(200);
    const other = await bearer(tokens.access_token, otherContainer);
    expect(other.status).toBe(401);
    expect(other.body).toEqual({ error: 'invalid_token', message: 'The credential is invalid, expired or revoked' });
    expect(other.headers.get('www-authenticate')).toContain(`resource="${d.url}/container/${otherContainer}"`);

    // 8. Refresh with rotation: new tokens work, the old refresh token is spent.
    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(refreshed.access_token).sid).toBe(claims.sid);
    expect((await bearer(refreshed.access_token)).status).toBe(200);

    // 9. Revocation (logout) ends the session: refresh and access tokens stop at once.
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure));
    expect((await bearer(refreshed.access_token)).status).toBe(401);
    await expect(
      oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure)),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  }, 60_000);

  it('refuses tampered, expired and foreign-signed tokens with the uncoded 401', async () => {
    const key = createPrivateKey(readFileSync(join(d.dataDir, 'oauth-signing-key.pem')));
    const sign = (claims: Record<string, unknown>, k = key, exp = Math.floor(Date.now() / 1000) + 3600) =>
      new SignJWT({ email: 'owner@example.com', name: 'owner', sid: 'nope', ...claims })
        .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt' })
        .setIssuer(d.url)
        .setSubject(d.userId)
        .setAudience(`${d.url}/container/${d.containerId}`)
        .setIssuedAt(exp - 7200)
        .setExpirationTime(exp)
        .sign(k);
    const expired = await sign({}, key, Math.floor(Date.now() / 1000) - 10);
    const { privateKey: foreign } = await import('node:crypto').then((c) => c.generateKeyPairSync('ed25519'));
    const foreignSigned = await sign({}, foreign);
    const valid = await sign({});
    const tampered = valid.slice(0, -4) + (valid.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const token of [expired, foreignSigned, tampered, valid /* unknown session id */]) {
      const r = await bearer(token);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: 'invalid_token', message: 'The credential is invalid, expired or revoked' });
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer realm="svc", resource=/);
    }
  });
});
