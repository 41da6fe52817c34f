import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/registry.js';
import { setToggle } from '../helpers/control-db.js';
import { eventually, startDaemon, type TestDaemon } from '../helpers/daemon.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startDaemon();
});
afterAll(async () => {
  await d?.stop();
});

describe('credentials (spec § Credentials on requests, § Uncoded 401)', () => {
  it('refuses a missing credential with a flat 401 and WWW-Authenticate, before any tool runs', async () => {
    const r = await d.rest('POST', '/tools/write', { key: null, body: { content: 'should not be stored' } });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: expect.any(String), message: expect.any(String) });
    expect(r.body).not.toHaveProperty('success');
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(r.headers.get('www-authenticate')).toContain(`/container/${d.containerId}`);
    const list = await d.rest('POST', '/tools/explore', { body: {} });
    expect(list.body.data.entries.map((e: any) => e.content)).not.toContain('should not be stored');
  });

  it.each([
    ['garbage', 'not-a-key'],
    ['well-formed but unknown', `svc_${'a'.repeat(32)}_${'b'.repeat(43)}`],
  ])('refuses a %s key with the flat 401', async (_label, key) => {
    const r = await d.rest('GET', '/status', { key });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('invalid_token');
    expect(r.headers.get('www-authenticate')).toBeTruthy();
  });

  it('refuses a tampered key', async () => {
    const tampered = d.key.slice(0, -2) + (d.key.endsWith('AA') ? 'BB' : 'AA');
    expect((await d.rest('GET', '/status', { key: tampered })).status).toBe(401);
  });

  it('accepts the key as x-api-key and as Authorization: Bearer', async () => {
    expect((await d.rest('GET', '/status')).status).toBe(200);
    const r = await d.rest('GET', '/status', { key: null, headers: { authorization: `Bearer ${d.key}` } });
    expect(r.status).toBe(200);
    expect((await d.rest('GET', '/status', { key: null, headers: { authorization: `Basic ${d.key}` } })).status).toBe(401);
  });

  it('refuses an expired key', async () => {
    const { key } = await d.admin<{ key: string }>([
      'key', 'create', '--org', 'acme', '--container', d.containerId, '--name', 'short', '--expires', new Date(Date.now() + 6000).toISOString(),
    ]);
    expect((await d.rest('GET', '/status', { key })).status).toBe(200);
    // Once the expiry passes, the very next request is refused.
    await eventually(async () => (await d.rest('GET', '/status', { key })).status === 401, 12_000);
  });

  it('a container-scoped key on another container gets the flat 403 body', async () => {
    const other = await d.newContainer('other');
    const r = await d.rest('POST', '/tools/explore', { containerId: other.containerId, key: d.key, body: {} });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'forbidden', message: 'API key is scoped to a different container' });
    // Even for a container that does not exist, the scope decides first.
    const ghost = await d.rest('GET', '/status', { containerId: 'no-such-container', key: d.key });
    expect(ghost.status).toBe(403);
  });

  it('an account key reaches every container of its organization', async () => {
    const { key } = await d.admin<{ key: string }>(['key', 'create', '--org', 'acme', '--name', 'account']);
    const other = await d.newContainer('reached');
    expect((await d.rest('GET', '/status', { containerId: other.containerId, key })).status).toBe(200);
    const w = await d.rest('POST', '/tools/write', { containerId: other.containerId, key, body: { content: 'via account key' } });
    const got = await d.rest('POST', '/tools/explore', { containerId: other.containerId, key, body: { mode: 'get', id: w.body.data.entryId } });
    expect(got.body.data.entry.source).toBe('webhook:account');
  });
});

describe('routing and NOT_FOUND', () => {
  it('an unknown container answers 404 NOT_FOUND in the coded envelope', async () => {
    const { key } = await d.admin<{ key: string }>(['key', 'create', '--org', 'acme', '--name', 'account2']);
    const r = await d.rest('GET', '/status', { containerId: 'no-such-container', key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('no-such-container') } });
  });

  it('an unknown tool or path answers 404 NOT_FOUND', async () => {
    const r = await d.rest('POST', '/tools/frobnicate', { body: {} });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toMatch(/svc_frobnicate/);
    expect((await d.rest('GET', '/nothing-here')).status).toBe(404);
    expect((await d.rest('GET', '/tools/write')).status).toBe(404);
    const res = await fetch(`${d.url}/elsewhere`);
    expect(res.status).toBe(404);
  });

  it('a tool toggled off for REST answers 404 naming the tool and the transport; back on, it works', async () => {
    setToggle(d.dataDir, d.containerId, 'svc_explore', 'rest', false);
    const r = await d.rest('POST', '/tools/explore', { body: {} });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(r.body.error.message).toMatch(/svc_explore/);
    expect(r.body.error.message).toMatch(/REST/);
    const status = await d.rest('GET', '/status');
    expect(status.body.data.counts.tools).toBe(TOOLS.filter((t) => t.defaults.rest && !t.ephemeralOnly).length - 1);
    setToggle(d.dataDir, d.containerId, 'svc_explore', 'rest', true);
    expect((await d.rest('POST', '/tools/explore', { body: {} })).status).toBe(200);
  });

  it('a tool toggled off for REST stays off even on status, and an MCP-only toggle does not affect REST', async () => {
    setToggle(d.dataDir, d.containerId, 'svc_status', 'mcp', true);
    setToggle(d.dataDir, d.containerId, 'svc_status', 'rest', false);
    expect((await d.rest('GET', '/status')).status).toBe(404);
    setToggle(d.dataDir, d.containerId, 'svc_status', 'rest', true);
    expect((await d.rest('GET', '/status')).status).toBe(200);
  });
});

describe('credits (spec § Limits)', () => {
  it('402 INSUFFICIENT_CREDITS before a paid tool runs; free tools are never blocked; a grant restores access', async () => {
    const poor = await startDaemon({ env: { SVC_INITIAL_CREDITS: '2' } });
    try {
      expect((await poor.rest('POST', '/tools/explore', { body: {} })).status).toBe(200);
      expect((await poor.rest('POST', '/tools/explore', { body: {} })).status).toBe(200);
      const broke = await poor.rest('POST', '/tools/explore', { body: {} });
      expect(broke.status).toBe(402);
      expect(broke.body).toEqual({ success: false, error: { code: 'INSUFFICIENT_CREDITS', message: expect.stringMatching(/balance is 0/) } });
      // svc_write, svc_delete and svc_status cost 0.
      const w = await poor.rest('POST', '/tools/write', { body: { content: 'free to write' } });
      expect(w.status).toBe(200);
      expect((await poor.rest('POST', '/tools/delete', { body: { entryId: w.body.data.entryId } })).status).toBe(200);
      expect((await poor.rest('GET', '/status')).status).toBe(200);
      // A call that fails is not paid for: a bad request leaves the balance untouched.
      const { balance } = await poor.admin<{ balance: number }>(['credits', 'grant', '--org', 'acme', '--amount', '1']);
      expect(balance).toBe(1);
      expect((await poor.rest('POST', '/tools/explore', { body: { mode: 'get', id: 'missing' } })).status).toBe(404);
      expect((await poor.rest('POST', '/tools/explore', { body: {} })).status).toBe(200);
      expect((await poor.rest('POST', '/tools/explore', { body: {} })).status).toBe(402);
    } finally {
      await poor.stop();
    }
  });
});
