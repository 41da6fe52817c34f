import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { upload, waitForFile } from '../helpers/files.js';
import { httpClient } from '../helpers/mcp.js';
import { screenshot } from '../helpers/web.js';

// The dashboard driven in headless Chromium; every action is followed by a REST or MCP call that proves it.
describe('dashboard in a browser', () => {
  let d: TestDaemon;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    d = await startDaemon();
    browser = await launchChromium();
    page = await browser.newPage();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await d?.stop();
  });

  const openMain = async () => {
    await page.goto(`${d.url}/dashboard`);
    await page.getByRole('link', { name: 'main', exact: true }).click();
    await page.getByRole('heading', { name: 'main', level: 1 }).waitFor();
  };

  it('sends a signed-out visitor to sign in, then lists the containers of their organizations', async () => {
    await page.goto(`${d.url}/dashboard/containers/${d.containerId}`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/signin');
    await screenshot(page, 'dashboard-signin');
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('correct horse');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Back where the visitor wanted to go.
    await page.getByRole('heading', { name: 'main', level: 1 }).waitFor();
    await page.goto(`${d.url}/dashboard`);
    await page.getByRole('heading', { name: /acme/ }).waitFor();
    expect(await page.getByRole('link', { name: 'main', exact: true }).count()).toBe(1);
    await screenshot(page, 'dashboard-containers');
  });

  it('creates a container from the dashboard', async () => {
    await page.goto(`${d.url}/dashboard`);
    await page.getByLabel('Name').fill('from the web');
    await page.getByRole('button', { name: 'Create container' }).click();
    await page.getByRole('heading', { name: 'from the web', level: 1 }).waitFor();
    expect(await page.getByRole('status').innerText()).toContain('Container created');
  });

  it('creates a scoped key shown once, then rotates it: the new key works and the old one gets 401', async () => {
    await openMain();
    await page.getByLabel('Key name').fill('web-agent');
    await page.getByRole('button', { name: 'Create key' }).click();
    const created = (await page.locator('#new-key').innerText()).trim();
    expect(created).toMatch(/^svc_/);
    await screenshot(page, 'dashboard-key-created');
    expect((await d.rest('POST', '/tools/explore', { key: created, body: {} })).status).toBe(200);
    // Shown once: reloading the container page never shows the value again.
    await openMain();
    expect(await page.locator('#new-key').count()).toBe(0);
    expect(await page.content()).not.toContain(created);
    // Last used is recorded (the explore call above).
    expect(await page.getByRole('row', { name: /web-agent/ }).innerText()).toMatch(/UTC/);

    await page.getByRole('button', { name: 'Rotate key web-agent' }).click();
    const rotated = (await page.locator('#new-key').innerText()).trim();
    expect(rotated).toMatch(/^svc_/);
    expect(rotated).not.toBe(created);
    expect((await d.rest('POST', '/tools/explore', { key: rotated, body: {} })).status).toBe(200);
    expect((await d.rest('POST', '/tools/explore', { key: created, body: {} })).status).toBe(401);

    // Disable blocks at once, enable restores, delete revokes for good.
    await openMain();
    await page.getByRole('button', { name: 'Disable key web-agent' }).click();
    expect((await d.rest('POST', '/tools/explore', { key: rotated, body: {} })).status).toBe(401);
    await page.getByRole('button', { name: 'Enable key web-agent' }).click();
    expect((await d.rest('POST', '/tools/explore', { key: rotated, body: {} })).status).toBe(200);
    await page.getByRole('button', { name: 'Delete key web-agent' }).click();
    expect(await page.getByRole('status').innerText()).toContain('Key deleted');
    expect((await d.rest('POST', '/tools/explore', { key: rotated, body: {} })).status).toBe(401);
  });

  it('toggles a tool per transport: off on REST gives 404 there, off on MCP drops it from tools/list', async () => {
    await openMain();
    await page.getByRole('button', { name: 'Turn off svc_explore on REST' }).click();
    expect(await page.getByRole('status').innerText()).toContain('Tool setting saved');
    expect((await d.rest('POST', '/tools/explore', { body: {} })).status).toBe(404);
    let mcp = await httpClient(`${d.url}/mcp/${d.containerId}`, d.key);
    expect((await mcp.listTools()).tools.map((t) => t.name)).toContain('svc_explore');
    await mcp.close();

    await page.getByRole('button', { name: 'Turn off svc_explore on MCP' }).click();
    mcp = await httpClient(`${d.url}/mcp/${d.containerId}`, d.key);
    expect((await mcp.listTools()).tools.map((t) => t.name)).not.toContain('svc_explore');
    await mcp.close();
    await screenshot(page, 'dashboard-container');

    await page.getByRole('button', { name: 'Turn on svc_explore on REST' }).click();
    await page.getByRole('button', { name: 'Turn on svc_explore on MCP' }).click();
    expect((await d.rest('POST', '/tools/explore', { body: {} })).status).toBe(200);
  });

  it('lists the container files with their processing state', async () => {
    const up = await upload(d, { name: 'handbook.md', data: '# Handbook\n\nDeploys happen on Tuesdays.\n', type: 'text/markdown' });
    expect(up.status).toBe(201);
    await waitForFile(d, up.body.data.id);
    await openMain();
    const files = page.getByRole('table', { name: /Uploaded files/ });
    const row = files.getByRole('row', { name: /handbook\.md/ });
    expect(await row.innerText()).toMatch(/text\/markdown[\s\S]*complete/);
    await screenshot(page, 'dashboard-files');
  });

  it('pauses and resumes from the dashboard: tool calls answer 503 while paused', async () => {
    await openMain();
    await page.getByRole('button', { name: 'Pause container' }).click();
    expect(await page.locator('#paused').innerText()).toMatch(/^yes/);
    const paused = await d.rest('POST', '/tools/explore', { body: {} });
    expect(paused.status).toBe(503);
    expect(paused.body.error.code).toBe('SERVICE_UNAVAILABLE');
    await page.getByRole('button', { name: 'Resume container' }).click();
    expect((await d.rest('POST', '/tools/explore', { body: {} })).status).toBe(200);
  });

  it('switches visibility and cadence, and shows the credit balance with recent charges', async () => {
    await openMain();
    await page.getByRole('button', { name: 'Make public' }).click();
    expect(await page.locator('#visibility').innerText()).toMatch(/^public/);
    expect((await d.rest('GET', '/status')).status).toBe(200);
    await page.getByRole('button', { name: 'Make private' }).click();
    await page.getByRole('button', { name: 'Switch to manual analysis' }).click();
    expect(await page.locator('#cadence').innerText()).toBe('manual');
    await page.getByRole('button', { name: 'Switch to automatic analysis' }).click();
    const balance = Number(await page.locator('#balance').innerText());
    expect(balance).toBeGreaterThan(0);
    expect(await page.getByRole('table', { name: /Recent credit charges/ }).innerText()).toContain('svc_explore');
  });

  it('manages account keys under the user menu; the account key reaches the account API', async () => {
    await page.goto(`${d.url}/dashboard`);
    await page.getByText('owner@example.com').click();
    await page.getByRole('list', { name: 'User menu' }).getByRole('link', { name: 'Account keys' }).click();
    await page.getByRole('heading', { name: 'Account keys', level: 1 }).waitFor();
    await page.getByLabel('Key name').fill('nightly-sync');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#new-key').innerText()).trim();
    await screenshot(page, 'dashboard-account-keys');
    const me = await fetch(`${d.url}/api/me`, { headers: { 'x-api-key': key } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as any).data.credential.name).toBe('nightly-sync');
    // An account key reaches every container of the organization.
    expect((await d.rest('GET', '/status', { key })).status).toBe(200);
  });

  it('refuses a dashboard form without the CSRF token, and signs out', async () => {
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'svc_web')!;
    const res = await fetch(`${d.url}/dashboard/containers/${d.containerId}/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `svc_web=${session.value}` },
      body: 'paused=true',
    });
    expect(res.status).toBe(403);
    expect((await d.rest('POST', '/tools/explore', { body: {} })).status).toBe(200);

    await page.goto(`${d.url}/dashboard`);
    await page.getByText('owner@example.com').click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(new URL(page.url()).pathname).toBe('/dashboard/signin');
    await page.goto(`${d.url}/dashboard`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/signin');
  });

  it('signs up from the dashboard: a taken email is refused with 409, a new one gets its own organization', async () => {
    await page.goto(`${d.url}/dashboard/signin`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email', { exact: true }).fill('owner@example.com');
    await page.getByLabel(/^Password/).fill('another passphrase');
    const taken = page.waitForResponse((r) => r.url().endsWith('/dashboard/signup') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect((await taken).status()).toBe(409);
    expect(await page.getByRole('alert').innerText()).toContain('already exists');
    await screenshot(page, 'dashboard-signup');
    await page.getByLabel('Email', { exact: true }).fill('second@example.com');
    await page.getByLabel(/^Password/).fill('another passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: /second@example\.com/ }).waitFor();
    // The new user sees only their own organization, and acme's container stays out of reach.
    expect(await page.getByRole('link', { name: 'main', exact: true }).count()).toBe(0);
    const other = await page.goto(`${d.url}/dashboard/containers/${d.containerId}`);
    expect(other!.status()).toBe(404);
  });

  it('shows a plain member the toggles and settings read-only, and refuses their forged toggle with 403', async () => {
    await d.admin(['user', 'add', '--org', 'acme', '--email', 'member@example.com', '--password', 'member passphrase', '--role', 'member']);
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    await p.goto(`${d.url}/dashboard/signin?next=/dashboard/containers/${d.containerId}`);
    await p.getByLabel('Email').fill('member@example.com');
    await p.getByLabel('Password').fill('member passphrase');
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('heading', { name: 'main', level: 1 }).waitFor();
    expect(await p.getByText('your permission: editor').count()).toBe(1);
    expect(await p.getByRole('button', { name: /^Turn (on|off)/ }).count()).toBe(0);
    expect(await p.getByRole('button', { name: 'Pause container' }).count()).toBe(0);
    const csrf = await p.locator('input[name=csrf]').first().inputValue();
    const forged = await ctx.request.post(`${d.url}/dashboard/containers/${d.containerId}/tools`, {
      form: { csrf, tool: 'svc_explore', transport: 'rest', enabled: 'false' },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain('Toggling tools needs an organization owner or admin');
    expect((await d.rest('POST', '/tools/explore', { body: {} })).status).toBe(200);
    await ctx.close();
  });

  it('works from the keyboard alone: skip link first, the user menu opens with Enter, a key is created without a mouse', async () => {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    await p.goto(`${d.url}/dashboard/signin?next=/dashboard/containers/${d.containerId}`);
    await p.keyboard.press('Tab'); // skip link
    await p.keyboard.press('Tab'); // home link in the header
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.id)).toBe('signin-email');
    await p.keyboard.type('owner@example.com');
    await p.keyboard.press('Tab');
    await p.keyboard.type('correct horse');
    await p.keyboard.press('Enter');
    await p.getByRole('heading', { name: 'main', level: 1 }).waitFor();

    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await p.keyboard.press('Enter');
    expect(await p.evaluate(() => document.activeElement?.id)).toBe('main');

    await p.locator('summary').focus();
    await p.keyboard.press('Enter');
    expect(await p.getByRole('list', { name: 'User menu' }).isVisible()).toBe(true);

    await p.locator('#key-name').focus();
    await p.keyboard.type('typed-key');
    await p.keyboard.press('Enter');
    expect((await p.locator('#new-key').innerText()).trim()).toMatch(/^svc_/);
    await ctx.close();
  });

  it('throttles password guessing: the sixth wrong password for one email within 15 minutes gets 429', async () => {
    const first = await fetch(`${d.url}/dashboard/signin`);
    const cookie = first.headers.get('set-cookie')!.split(';')[0];
    const csrf = /name="csrf" value="([^"]+)"/.exec(await first.text())![1];
    const attempt = (password: string) =>
      fetch(`${d.url}/dashboard/signin`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ csrf, email: 'guessed@example.com', password, next: '/dashboard' }).toString(),
      });
    await d.admin(['user', 'add', '--org', 'acme', '--email', 'guessed@example.com', '--password', 'the real passphrase']);
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong ${i}`)).status).toBe(401);
    const locked = await attempt('the real passphrase');
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/Too many failed sign-ins/);
  });
});
