import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startDaemon({ env: { SVC_EPHEMERAL_PER_WINDOW: '4' } });
});
afterAll(async () => {
  await d?.stop();
});

async function createEphemeral(body: unknown = {}) {
  const res = await fetch(`${d.url}/ephemeral`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

describe('ephemeral containers', () => {
  it('are created without an account and come with a scoped key and a small credit grant', async () => {
    const r = await createEphemeral({ name: 'scratch' });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ containerId: expect.any(String), key: expect.stringMatching(/^svc_/), credits: 200 });
    const { containerId, key } = r.body.data;
    const status = await d.rest('GET', '/status', { containerId, key });
    expect(status.body.data).toMatchObject({ containerName: 'scratch', is_ephemeral: true });
    const w = await d.rest('POST', '/tools/write', { containerId, key, body: { content: 'hello from an agent' } });
    expect(w.status).toBe(200);
    // The key is scoped: the organization's other containers stay out of reach.
    expect((await d.rest('GET', '/status', { key })).status).toBe(403);
  });

  it('are rate-limited per client address with 503 and Retry-After', async () => {
    let last;
    for (let i = 0; i < 5; i++) last = await createEphemeral();
    expect(last!.status).toBe(503);
    expect(last!.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('svc_claim', () => {
  it('is offered only on ephemeral containers: POST /claim gives a fresh one-hour link each call', async () => {
    const eph = await d.admin<{ containerId: string }>(['container', 'create', '--org', 'acme', '--name', 'eph', '--ephemeral']);
    const { key } = await d.admin<{ key: string }>(['key', 'create', '--org', 'acme', '--container', eph.containerId, '--name', 'eph-key']);
    const a = await d.rest('POST', '/claim', { containerId: eph.containerId, key });
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({ claim_url: expect.stringMatching(new RegExp(`^${d.url}/claim/[A-Za-z0-9_-]{43}$`)), expires_in: 3600 });
    const b = await d.rest('POST', '/claim', { containerId: eph.containerId, key });
    expect(b.body.data.claim_url).not.toBe(a.body.data.claim_url);
    // svc_claim counts among the active tools on an ephemeral container only.
    const ephStatus = await d.rest('GET', '/status', { containerId: eph.containerId, key });
    const permanentStatus = await d.rest('GET', '/status');
    expect(ephStatus.body.data.counts.tools).toBe(permanentStatus.body.data.counts.tools + 1);
  });

  it('answers 404 on a permanent container (the tool is not listed there)', async () => {
    const r = await d.rest('POST', '/claim');
    expect(r.status).toBe(404);
    expect(r.body.error.message).toMatch(/svc_claim/);
  });

  it('needs a credential: 401 flat body without one', async () => {
    const eph = await d.admin<{ containerId: string }>(['container', 'create', '--org', 'acme', '--name', 'eph2', '--ephemeral']);
    const r = await d.rest('POST', '/claim', { containerId: eph.containerId, key: null });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBeTruthy();
  });
});
