import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { httpClient } from '../helpers/mcp.js';
import { createEphemeral, expireClaimLink, screenshot } from '../helpers/web.js';

// spec § Ephemeral container and § svc_claim, driven in headless Chromium like a person would.
describe('claim link pages in a browser', () => {
  let d: TestDaemon;
  let browser: Browser;
  beforeAll(async () => {
    d = await startDaemon();
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await d?.stop();
  });

  const claimLink = async (containerId: string, key: string): Promise<string> => {
    const r = await d.rest('POST', '/claim', { containerId, key });
    expect(r.status).toBe(200);
    return r.body.data.claim_url;
  };

  it('signs up on a claim link and claims the ephemeral container; its key keeps working and svc_claim is gone', async () => {
    const eph = await createEphemeral(d.url, 'agent scratchpad');
    await d.rest('POST', '/tools/write', { containerId: eph.containerId, key: eph.key, body: { content: 'notes the agent wrote before the claim' } });
    const url = await claimLink(eph.containerId, eph.key);

    const page = await browser.newPage();
    const first = await page.goto(url);
    expect(first!.status()).toBe(200);
    await expect(page.title()).resolves.toContain('Claim agent scratchpad');
    await screenshot(page, 'claim-signin');

    await page.getByLabel('Email').first().fill('newcomer@example.com');
    await page.getByLabel(/^Your name/).fill('New Comer');
    await page.getByLabel(/^Password/).first().fill('a long passphrase');
    await page.getByLabel(/^Organization name/).fill('Newcomer Labs');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(url);
    await page.getByText('It will belong to').waitFor();
    await screenshot(page, 'claim-confirm');

    await page.getByRole('button', { name: 'Claim container' }).click();
    await page.getByRole('heading', { name: 'Container claimed' }).waitFor();
    expect(await page.getByRole('status').innerText()).toContain('Newcomer Labs');
    await screenshot(page, 'claim-done');

    // The ephemeral key still works, and the container is permanent now.
    const status = await d.rest('GET', '/status', { containerId: eph.containerId, key: eph.key });
    expect(status.status).toBe(200);
    expect(status.body.data.is_ephemeral).toBe(false);
    // svc_claim is gone: 404 on REST, absent from MCP tools/list.
    const again = await d.rest('POST', '/claim', { containerId: eph.containerId, key: eph.key });
    expect(again.status).toBe(404);
    const mcp = await httpClient(`${d.url}/mcp/${eph.containerId}`, eph.key);
    const names = (await mcp.listTools()).tools.map((t) => t.name);
    await mcp.close();
    expect(names).toContain('svc_explore');
    expect(names).not.toContain('svc_claim');

    // The link is used up: the page says so with 409, and the container is in the new user's dashboard.
    const reopened = await page.goto(url);
    expect(reopened!.status()).toBe(409);
    await page.getByRole('heading', { name: 'Already claimed' }).waitFor();
    await screenshot(page, 'claim-already-claimed');
    await page.goto(`${d.url}/dashboard`);
    await page.getByRole('link', { name: 'agent scratchpad' }).click();
    await page.getByText('permanent').first().waitFor();
    await page.close();
  });

  it('says so when the link expired (410) or never existed (404)', async () => {
    const eph = await createEphemeral(d.url, 'late claim');
    const url = await claimLink(eph.containerId, eph.key);
    expireClaimLink(d.dataDir, url);
    const page = await browser.newPage();
    const res = await page.goto(url);
    expect(res!.status()).toBe(410);
    expect(await page.getByRole('alert').innerText()).toMatch(/expired/);
    await screenshot(page, 'claim-expired');
    const unknown = await page.goto(`${d.url}/claim/${'x'.repeat(43)}`);
    expect(unknown!.status()).toBe(404);
    await page.getByRole('heading', { name: 'Claim link not found' }).waitFor();
    await page.close();
    // Still ephemeral: an expired link changes nothing.
    const status = await d.rest('GET', '/status', { containerId: eph.containerId, key: eph.key });
    expect(status.body.data.is_ephemeral).toBe(true);
  });

  it('signs in an existing user, who picks one of the organizations they administer', async () => {
    const eph = await createEphemeral(d.url, 'picked org');
    const url = await claimLink(eph.containerId, eph.key);
    const page = await browser.newPage();
    await page.goto(url);
    await page.locator('#signin-email').fill('owner@example.com');
    await page.locator('#signin-password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').innerText()).toContain('Wrong email or password');
    await page.locator('#signin-password').fill('correct horse');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Claim container' }).click();
    await page.getByRole('heading', { name: 'Container claimed' }).waitFor();
    expect(await page.getByRole('status').innerText()).toContain('acme');
    await page.close();
    const me = await d.rest('GET', '/status', { containerId: eph.containerId });
    // The owner's acme key (an account-less scoped key of "main") cannot reach it; the ephemeral key can.
    expect(me.status).toBe(403);
    expect((await d.rest('GET', '/status', { containerId: eph.containerId, key: eph.key })).body.data.is_ephemeral).toBe(false);
  });

  it('refuses a claim form without the CSRF token', async () => {
    const eph = await createEphemeral(d.url, 'csrf');
    const url = await claimLink(eph.containerId, eph.key);
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=claim&org=x' });
    expect(res.status).toBe(403);
    expect((await d.rest('GET', '/status', { containerId: eph.containerId, key: eph.key })).body.data.is_ephemeral).toBe(true);
  });
});
