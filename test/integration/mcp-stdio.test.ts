import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startDaemon, svc, type TestDaemon } from '../helpers/daemon.js';
import { balance, bootstrapDataDir, call, stdioClient, toolNames } from '../helpers/mcp.js';

describe('svc mcp --data-dir: MCP over stdio on a local store', () => {
  let local: Awaited<ReturnType<typeof bootstrapDataDir>>;
  let client: Client;

  beforeAll(async () => {
    local = await bootstrapDataDir({ initialCredits: 3 });
    ({ client } = await stdioClient(['mcp', '--data-dir', local.dataDir, '--key', local.key, '--session', 'stdio-1'], local.env));
  });
  afterAll(async () => {
    await client?.close();
    rmSync(local.dataDir, { recursive: true, force: true });
  });

  it('lists the MCP defaults', async () => {
    const names = await toolNames(client);
    for (const on of ['svc_explore', 'svc_write', 'svc_delete']) expect(names).toContain(on);
    for (const off of ['svc_status', 'svc_files_list', 'svc_files_upload', 'svc_files_delete', 'svc_query', 'svc_claim']) expect(names).not.toContain(off);
  });

  it('writes with the session source, explores and deletes', async () => {
    const w = await call(client, 'svc_write', { content: 'written over stdio', tags: ['stdio'] });
    expect(w.isError).toBe(false);
    const got = await call(client, 'svc_explore', { mode: 'get', id: w.body.entryId });
    expect(got.body.entry).toMatchObject({ content: 'written over stdio', source: 'agent:stdio-1', tags: ['stdio'] });
    const del = await call(client, 'svc_delete', { entryId: w.body.entryId });
    expect(del.body.entryId).toBe(w.body.entryId);
  });

  it('runs the background queue in-process and reflects toggles made on the data dir at once', async () => {
    await call(client, 'svc_write', { content: 'to be analysed' });
    await local.admin(['tools', 'enable', '--container', local.containerId, 'svc_status', '--transport', 'mcp']);
    expect(await toolNames(client)).toContain('svc_status');
    const status = await eventually(async () => {
      const s = await call(client, 'svc_status');
      return s.body.counts.entries.total >= 1 && s.body.counts.entries.pending === 0 ? s : null;
    });
    expect(status.body.containerId).toBe(local.containerId);
    await local.admin(['tools', 'disable', '--container', local.containerId, 'svc_status', '--transport', 'mcp']);
    expect(await toolNames(client)).not.toContain('svc_status');
    expect((await call(client, 'svc_status')).body.code).toBe('NOT_FOUND');
  });

  it('returns BAD_REQUEST and INSUFFICIENT_CREDITS as tool errors, charging per call', async () => {
    expect((await call(client, 'svc_write', { tags: ['no content'] })).body.code).toBe('BAD_REQUEST');
    // The organization started with 3 credits; earlier explore calls spent some. Each call takes exactly one.
    const start = balance(local.dataDir, local.orgId);
    expect(start).toBeGreaterThan(0);
    for (let i = start; i > 0; i--) {
      expect((await call(client, 'svc_explore')).isError).toBe(false);
      expect(balance(local.dataDir, local.orgId)).toBe(i - 1);
    }
    expect((await call(client, 'svc_explore')).body.code).toBe('INSUFFICIENT_CREDITS');
    await local.admin(['credits', 'grant', '--org', 'acme', '--amount', '5']);
    expect((await call(client, 'svc_explore')).isError).toBe(false);
    expect(balance(local.dataDir, local.orgId)).toBe(4);
  });

  it('acts as the organization owner without a key when --container is given', async () => {
    const { client: owner } = await stdioClient(['mcp', '--data-dir', local.dataDir, '--container', local.containerId], local.env);
    const w = await call(owner, 'svc_write', { content: 'from the owner' });
    expect((await call(owner, 'svc_explore', { mode: 'get', id: w.body.entryId })).body.entry.source).toBe('agent:mcp');
    await owner.close();
  });

  it('exits with code 3 and says why when the key is wrong', async () => {
    const r = await svc(['mcp', '--data-dir', local.dataDir, '--key', 'svc_wrong'], { env: local.env, input: '' });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/invalid/i);
    const other = await svc(['mcp', '--data-dir', local.dataDir], { env: local.env, input: '' });
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toMatch(/--container/);
  });
});

describe('svc mcp: stdio proxy to a running daemon', () => {
  let d: TestDaemon;

  beforeAll(async () => {
    d = await startDaemon();
  });
  afterAll(async () => {
    await d?.stop();
  });

  const proxyEnv = () => ({ ...d.env, SVC_SERVER: d.url, SVC_API_KEY: d.key });

  it('forwards tools/list and tools/call with the stored credentials and the session label', async () => {
    const saved = await svc(['config', 'set', '--server', d.url, '--key', d.key], { env: d.env });
    expect(saved.exitCode).toBe(0);
    const { client } = await stdioClient(['mcp', '--session', 'proxied'], d.env);
    const names = await toolNames(client);
    expect(names).toEqual(expect.arrayContaining(['svc_explore', 'svc_write', 'svc_delete']));
    expect(names).not.toContain('svc_status');
    const w = await call(client, 'svc_write', { content: 'through the proxy' });
    const rest = await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: w.body.entryId } });
    expect(rest.body.data.entry.source).toBe('agent:proxied');
    expect((await call(client, 'svc_delete', {})).body.code).toBe('BAD_REQUEST');

    // A toggle on the daemon shows through the proxy at once.
    await d.cli(['tools', 'enable', 'svc_status', '--transport', 'mcp']);
    expect(await toolNames(client)).toContain('svc_status');
    expect((await call(client, 'svc_status')).body.containerId).toBe(d.containerId);
    await client.close();
  });

  it('reports an unreachable daemon as a SERVICE_UNAVAILABLE tool error instead of dying', async () => {
    const { client } = await stdioClient(['mcp'], proxyEnv());
    expect((await call(client, 'svc_explore')).isError).toBe(false);
    await d.crashAndRestart();
    // The restarted daemon listens on a new port, so the old address is down for this proxy; a new proxy finds it.
    const down = await call(client, 'svc_explore');
    expect(down).toMatchObject({ isError: true, body: { code: 'SERVICE_UNAVAILABLE' } });
    await client.close();
    const { client: again } = await stdioClient(['mcp'], proxyEnv());
    expect((await call(again, 'svc_explore')).isError).toBe(false);
    await again.close();
  });

  it('exits with code 3 on a refused key and 7 when the daemon is unreachable', async () => {
    const bad = await svc(['mcp'], { env: { ...proxyEnv(), SVC_API_KEY: 'svc_wrong' }, input: '' });
    expect(bad.exitCode).toBe(3);
    expect(bad.stderr).toMatch(/HTTP 401/);
    const other = await d.newContainer('other');
    const cross = await svc(['mcp', '--container', other.containerId], { env: proxyEnv(), input: '' });
    expect(cross.exitCode).toBe(3);
    expect(cross.stderr).toMatch(/scoped to a different container/);
    const down = await svc(['mcp'], { env: { ...proxyEnv(), SVC_SERVER: 'http://127.0.0.1:9' }, input: '' });
    expect(down.exitCode).toBe(7);
    expect(down.stderr).toMatch(/Cannot reach/);
  });
});
