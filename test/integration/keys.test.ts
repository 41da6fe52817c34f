import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { addUser, api } from '../helpers/access.js';

// spec § States and transitions: API key, and § Key management, through /api/keys and `svc keys`.
describe('API key lifecycle', () => {
  let d: TestDaemon;
  let account: string;

  beforeAll(async () => {
    d = await startDaemon();
    account = (await d.admin<{ key: string }>(['key', 'create', '--org', 'acme', '--name', 'owner-account'])).key;
  }, 60_000);
  afterAll(() => d?.stop());

  const status = (key: string) => d.rest('GET', '/status', { key }).then((r) => r.status);
  const create = async (body: Record<string, unknown>) => {
    const r = await api(d, 'POST', '/api/keys', { key: account, body });
    expect(r.status).toBe(201);
    return r.body.data;
  };

  it('creates a scoped key, shows it once, stores only a hash, and records last use', async () => {
    const k = await create({ name: 'agent-1', container: d.containerId });
    expect(k.key).toMatch(/^svc_[0-9a-f]{32}_/);
    expect(k).toMatchObject({ name: 'agent-1', scope: 'container', containerId: d.containerId, source: 'dashboard', state: 'active', expiresAt: null, lastUsedAt: null });
    expect(await status(k.key)).toBe(200);
    const list = await api(d, 'GET', '/api/keys', { key: account });
    const row = list.body.data.find((x: any) => x.id === k.id);
    expect(row.key).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toContain(k.key);
    expect(Date.parse(row.lastUsedAt)).toBeGreaterThan(Date.parse(row.createdAt) - 1);
  });

  it('requires a name and a valid future expiry', async () => {
    expect((await api(d, 'POST', '/api/keys', { key: account, body: { container: d.containerId } })).body).toEqual({ success: false, error: { code: 'BAD_REQUEST', message: 'The key needs a name' } });
    expect((await api(d, 'POST', '/api/keys', { key: account, body: { name: 'x', expiresAt: 'soon' } })).status).toBe(400);
    expect((await api(d, 'POST', '/api/keys', { key: account, body: { name: 'x', expiresAt: '2001-01-01' } })).status).toBe(400);
  });

  it('account key reaches every container of the organization; plugin source badge is kept', async () => {
    const k = await create({ name: 'cross', source: 'plugin' });
    expect(k).toMatchObject({ scope: 'account', containerId: null, source: 'plugin' });
    const other = await d.newContainer('second');
    expect((await d.rest('GET', '/status', { key: k.key, containerId: other.containerId })).status).toBe(200);
    expect(await status(k.key)).toBe(200);
  });

  it('active → disabled blocks at once and keeps the record; enable restores the same key', async () => {
    const k = await create({ name: 'to-disable', container: d.containerId });
    const dis = await api(d, 'POST', `/api/keys/${k.id}/disable`, { key: account });
    expect(dis.status).toBe(200);
    expect(dis.body.data.state).toBe('disabled');
    const r = await d.rest('GET', '/status', { key: k.key });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'invalid_token', message: 'The credential is invalid, expired or revoked' });
    expect(r.headers.get('www-authenticate')).toContain(`resource="${d.url}/container/${d.containerId}"`);
    const list = await api(d, 'GET', '/api/keys', { key: account });
    expect(list.body.data.find((x: any) => x.id === k.id).state).toBe('disabled');
    expect((await api(d, 'POST', `/api/keys/${k.id}/disable`, { key: account })).status).toBe(409);
    const en = await api(d, 'POST', `/api/keys/${k.id}/enable`, { key: account });
    expect(en.body.data.state).toBe('active');
    expect(await status(k.key)).toBe(200);
    expect((await api(d, 'POST', `/api/keys/${k.id}/enable`, { key: account })).status).toBe(409);
  });

  it('rotate issues a new key with the same name and scope and revokes the old one at once', async () => {
    const k = await create({ name: 'to-rotate', container: d.containerId, expiresAt: '2099-01-01T00:00:00Z' });
    const r = await api(d, 'POST', `/api/keys/${k.id}/rotate`, { key: account });
    expect(r.status).toBe(201);
    const fresh = r.body.data;
    expect(fresh).toMatchObject({ name: 'to-rotate', scope: 'container', containerId: d.containerId, state: 'active', replaces: k.id, expiresAt: '2099-01-01T00:00:00.000Z' });
    expect(fresh.id).not.toBe(k.id);
    expect(await status(k.key)).toBe(401);
    expect(await status(fresh.key)).toBe(200);
    const ids = (await api(d, 'GET', '/api/keys', { key: account })).body.data.map((x: any) => x.id);
    expect(ids).toContain(fresh.id);
    expect(ids).not.toContain(k.id);
    // a disabled key is not rotated
    await api(d, 'POST', `/api/keys/${fresh.id}/disable`, { key: account });
    expect((await api(d, 'POST', `/api/keys/${fresh.id}/rotate`, { key: account })).status).toBe(409);
  });

  it('active or disabled → deleted revokes permanently', async () => {
    const a = await create({ name: 'del-active', container: d.containerId });
    const b = await create({ name: 'del-disabled', container: d.containerId });
    await api(d, 'POST', `/api/keys/${b.id}/disable`, { key: account });
    for (const k of [a, b]) {
      const r = await api(d, 'DELETE', `/api/keys/${k.id}`, { key: account });
      expect(r.body).toEqual({ success: true, data: { id: k.id, name: k.name, state: 'deleted' } });
      expect(await status(k.key)).toBe(401);
      expect((await api(d, 'POST', `/api/keys/${k.id}/enable`, { key: account })).status).toBe(404);
      expect((await api(d, 'DELETE', `/api/keys/${k.id}`, { key: account })).status).toBe(404);
    }
  });

  it('active → expired when the expiry passes', async () => {
    const k = await create({ name: 'short', container: d.containerId, expiresAt: new Date(Date.now() + 1500).toISOString() });
    expect(await status(k.key)).toBe(200);
    await new Promise((r) => setTimeout(r, 1700));
    expect(await status(k.key)).toBe(401);
    const row = (await api(d, 'GET', '/api/keys', { key: account })).body.data.find((x: any) => x.id === k.id);
    expect(row.state).toBe('expired');
  });

  it('a container-scoped key cannot manage keys', async () => {
    const r = await api(d, 'GET', '/api/keys', { key: d.key });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('FORBIDDEN');
    expect((await api(d, 'POST', '/api/keys', { key: d.key, body: { name: 'x', container: d.containerId } })).status).toBe(403);
  });

  it('key management without a credential is the uncoded 401', async () => {
    const r = await api(d, 'GET', '/api/keys');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'unauthorized', message: 'Authentication required: send x-api-key or Authorization: Bearer' });
    expect(r.headers.get('www-authenticate')).toBe(`Bearer realm="svc", resource="${d.url}", resource_metadata="${d.url}/.well-known/oauth-protected-resource"`);
  });

  it('members manage only their own keys; owners and admins manage all of the organization', async () => {
    await addUser(d, 'member@example.com', 'member');
    const memberAccount = (await d.admin<{ key: string }>(['key', 'create', '--org', 'acme', '--name', 'm-acct', '--user', 'member@example.com'])).key;
    const mine = await api(d, 'POST', '/api/keys', { key: memberAccount, body: { name: 'member-scoped', container: d.containerId } });
    expect(mine.status).toBe(201);
    const memberList = (await api(d, 'GET', '/api/keys', { key: memberAccount })).body.data.map((x: any) => x.name);
    expect(memberList.sort()).toEqual(['m-acct', 'member-scoped']);
    const ownerKey = (await api(d, 'GET', '/api/keys', { key: account })).body.data.find((x: any) => x.name === 'owner-account');
    expect((await api(d, 'POST', `/api/keys/${ownerKey.id}/disable`, { key: memberAccount })).status).toBe(404);
    // the owner sees and can manage the member's key
    expect((await api(d, 'POST', `/api/keys/${mine.body.data.id}/disable`, { key: account })).status).toBe(200);
  });

  it('svc keys drives the same lifecycle from the CLI', async () => {
    const env = { SVC_API_KEY: account };
    const created = await d.cli(['keys', 'create', '--name', 'cli-key', '--json'], { env });
    expect(created.exitCode).toBe(0);
    const k = JSON.parse(created.stdout);
    expect(k).toMatchObject({ name: 'cli-key', scope: 'container', containerId: d.containerId });
    const human = await d.cli(['keys', 'list'], { env });
    expect(human.stdout).toContain('cli-key');
    expect(human.stdout).not.toContain(k.key);
    expect((await d.cli(['keys', 'disable', k.id], { env })).stdout).toContain('disabled');
    expect(await status(k.key)).toBe(401);
    expect((await d.cli(['keys', 'enable', k.id], { env })).exitCode).toBe(0);
    const rotated = JSON.parse((await d.cli(['keys', 'rotate', k.id, '--json'], { env })).stdout);
    expect(await status(k.key)).toBe(401);
    expect(await status(rotated.key)).toBe(200);
    expect((await d.cli(['keys', 'delete', rotated.id], { env })).stdout).toContain('Deleted key cli-key');
    expect(await status(rotated.key)).toBe(401);
    const refused = await d.cli(['keys', 'list']);
    expect(refused.exitCode).toBe(3);
    expect(refused.stderr).toContain('FORBIDDEN');
  });

  it('svc admin key list|disable|enable|rotate|delete work offline on the data dir', async () => {
    const { key, keyId } = await d.admin<{ key: string; keyId: string }>(['key', 'create', '--org', 'acme', '--container', d.containerId, '--name', 'offline']);
    expect((await d.admin<{ keys: any[] }>(['key', 'list', '--org', 'acme'])).keys.map((k) => k.id)).toContain(keyId);
    expect((await d.admin(['key', 'disable', keyId])).state).toBe('disabled');
    expect(await status(key)).toBe(401);
    expect((await d.admin(['key', 'enable', keyId])).state).toBe('active');
    const rotated = await d.admin<{ key: string; id: string }>(['key', 'rotate', keyId]);
    expect(await status(key)).toBe(401);
    expect(await status(rotated.key)).toBe(200);
    expect((await d.admin(['key', 'delete', rotated.id])).state).toBe('deleted');
    expect(await status(rotated.key)).toBe(401);
  });
});
