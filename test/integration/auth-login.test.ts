import { execa } from 'execa';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';
import { BIN, startDaemon, type TestDaemon } from '../helpers/daemon.js';

// `svc login` (PKCE + loopback redirect), token refresh on expiry, `svc whoami`, `svc logout`.
describe('svc login / whoami / logout', () => {
  let d: TestDaemon;
  let browser: Browser;
  // No API key: the CLI must use its OAuth login.
  const env = () => ({ ...d.env, SVC_SERVER: d.url, SVC_API_KEY: '', SVC_CONTAINER: d.containerId });
  const confFile = () => join(d.dataDir, 'cli-config', 'config.json');
  const stored = () => JSON.parse(readFileSync(confFile(), 'utf8')).oauth[d.url];

  beforeAll(async () => {
    d = await startDaemon();
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await d?.stop();
  });

  it('signs in through the browser with --no-browser, then calls tools with the saved token', async () => {
    const login = execa('node', [BIN, 'login', '--no-browser', '--timeout', '60'], { env: env(), reject: false });
    const url = await new Promise<string>((resolve, reject) => {
      let seen = '';
      login.stderr!.on('data', (b: Buffer) => {
        seen += b.toString();
        const m = /(http:\/\/\S+\/oauth\/authorize\?\S+)/.exec(seen);
        if (m) resolve(m[1]);
      });
      login.on('exit', () => reject(new Error(`login exited early: ${seen}`)));
    });
    const u = new URL(url);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('correct horse');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { name: 'Signed in' }).waitFor();
    await page.close();
    const done = await login;
    expect(done.exitCode).toBe(0);
    expect(done.stdout).toBe(`Signed in to ${d.url} as owner@example.com`);

    const who = await execa('node', [BIN, 'whoami', '--json'], { env: env(), reject: false });
    expect(who.exitCode).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ userId: d.userId, email: 'owner@example.com', credential: { kind: 'oauth' }, organizations: [{ name: 'acme', role: 'owner' }] });
    const write = await execa('node', [BIN, 'write', 'note from a signed-in user', '--json'], { env: env(), reject: false });
    expect(write.exitCode).toBe(0);
    expect(JSON.parse(write.stdout).entryId).toBeTruthy();
    // the login reaches the user's other containers too (service-wide audience)
    const other = await d.newContainer('second');
    expect((await execa('node', [BIN, 'status', '--container', other.containerId], { env: env(), reject: false })).exitCode).toBe(0);
  }, 90_000);

  it('refreshes an expired access token and saves the rotated tokens', async () => {
    const before = stored();
    const conf = JSON.parse(readFileSync(confFile(), 'utf8'));
    conf.oauth[d.url].expiresAt = Date.now() - 1000;
    writeFileSync(confFile(), JSON.stringify(conf));
    const keys = await execa('node', [BIN, 'keys', 'list', '--json'], { env: env(), reject: false });
    expect(keys.exitCode).toBe(0);
    const after = stored();
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.expiresAt).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
  });

  it('logout revokes the session on the server and forgets the tokens', async () => {
    const token = stored().accessToken;
    const out = await execa('node', [BIN, 'logout'], { env: env(), reject: false });
    expect(out.stdout).toBe(`Signed out of ${d.url}`);
    expect(JSON.parse(readFileSync(confFile(), 'utf8')).oauth[d.url]).toBeUndefined();
    const r = await d.rest('GET', '/status', { key: null, headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(401);
    const who = await execa('node', [BIN, 'whoami'], { env: env(), reject: false });
    expect(who.exitCode).toBe(3);
  });
});
