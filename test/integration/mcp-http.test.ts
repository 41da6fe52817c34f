import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/registry.js';
import { startDaemon, svcJson, type TestDaemon } from '../helpers/daemon.js';
import { addMember, balance, call, httpClient, toolNames } from '../helpers/mcp.js';

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

async function rawPost(url: string, headers: Record<string, string> = {}, body: unknown = INIT) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

describe('MCP over Streamable HTTP', () => {
  let d: TestDaemon;
  let client: Client;
  let mcpUrl: string;

  beforeAll(async () => {
    d = await startDaemon();
    mcpUrl = `${d.url}/mcp/${d.containerId}`;
    client = await httpClient(mcpUrl, d.key);
  });
  afterAll(async () => {
    await client?.close();
    await d?.stop();
  });

  it('refuses a missing or invalid credential with a flat 401 and WWW-Authenticate, before any JSON-RPC', async () => {
    for (const headers of [{}, { 'x-api-key': 'svc_nope' }, { authorization: 'Bearer not-a-key' }]) {
      const r = await rawPost(mcpUrl, headers);
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer realm="svc", resource=".*\/mcp\//);
      expect(typeof r.body.error).toBe('string');
      expect(typeof r.body.message).toBe('string');
      expect(r.body.jsonrpc).toBeUndefined();
      expect(r.body.success).toBeUndefined();
    }
    const err = await httpClient(mcpUrl, 'svc_wrong').catch((e) => e);
    expect(err).toBeInstanceOf(StreamableHTTPError);
    expect(err.code).toBe(401);
  });

  it('refuses a container-scoped key on another container with the flat 403 body', async () => {
    const other = await d.newContainer('other');
    const r = await rawPost(`${d.url}/mcp/${other.containerId}`, { 'x-api-key': d.key });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'forbidden', message: 'API key is scoped to a different container' });
  });

  it('serves /mcp for the container a scoped key reaches; an account key must name the container', async () => {
    const scoped = await httpClient(`${d.url}/mcp`, d.key);
    expect(await toolNames(scoped)).toEqual(await toolNames(client));
    await scoped.close();

    const { key: account } = await d.admin<{ key: string }>(['key', 'create', '--org', 'acme', '--name', 'account']);
    const r = await rawPost(`${d.url}/mcp`, { 'x-api-key': account });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    const viaPath = await httpClient(mcpUrl, account);
    expect(await toolNames(viaPath)).toContain('svc_explore');
    await viaPath.close();
    const missing = await rawPost(`${d.url}/mcp/00000000-0000-0000-0000-000000000000`, { authorization: `Bearer ${account}` });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });

  it('answers GET and DELETE with 405 (stateless: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(mcpUrl, { method, headers: { 'x-api-key': d.key, accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('lists the MCP defaults: explore, write, delete on; status, files, query and (permanent) claim off', async () => {
    const names = await toolNames(client);
    for (const on of ['svc_explore', 'svc_write', 'svc_delete']) expect(names).toContain(on);
    for (const off of ['svc_status', 'svc_files_list', 'svc_files_upload', 'svc_files_delete', 'svc_query', 'svc_claim']) expect(names).not.toContain(off);
    // Every listed tool is one the registry defines as on for MCP by default.
    for (const n of names) expect(TOOLS.find((t) => t.name === n)?.defaults.mcp).toBe(true);
  });

  it('derives each input schema from the zod definition', async () => {
    const { tools } = await client.listTools();
    const del = tools.find((t) => t.name === 'svc_delete')!;
    expect(del.inputSchema.type).toBe('object');
    expect(del.inputSchema.required).toEqual(['entryId']);
    expect(del.inputSchema.properties).toHaveProperty('includeDuplicates');
    const write = tools.find((t) => t.name === 'svc_write')!;
    expect(Object.keys(write.inputSchema.properties!)).toEqual(
      expect.arrayContaining(['content', 'tags', 'metadata', 'source', 'occurredAt', 'object', 'fields', 'contentType']),
    );
    expect(tools.find((t) => t.name === 'svc_explore')!.annotations?.readOnlyHint).toBe(true);
  });

  it('runs write, explore and delete with the same parameters and results as REST', async () => {
    const w = await call(client, 'svc_write', { content: 'Deploys happen on Tuesday', tags: ['ops'], metadata: { team: 'infra' } });
    expect(w.isError).toBe(false);
    expect(w.body.entryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(w.raw.structuredContent).toEqual(w.body);

    const got = await call(client, 'svc_explore', { mode: 'get', id: w.body.entryId });
    expect(got.body.entry).toMatchObject({ content: 'Deploys happen on Tuesday', source: 'agent:mcp', tags: ['ops'], properties: { team: 'infra' } });
    const rest = await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: w.body.entryId } });
    expect(rest.body.data).toEqual(got.body);

    const list = await call(client, 'svc_explore', { tag: 'ops' });
    expect(list.body.entries.map((e: any) => e.id)).toEqual([w.body.entryId]);

    const del = await call(client, 'svc_delete', { entryId: w.body.entryId });
    expect(del.body.entryId).toBe(w.body.entryId);
    expect((await call(client, 'svc_explore', { mode: 'get', id: w.body.entryId })).body.code).toBe('NOT_FOUND');
  });

  it('labels writes agent:<session> with ?session=, and an explicit source still wins', async () => {
    const session = await httpClient(`${mcpUrl}?session=planner-7`, d.key);
    const a = await call(session, 'svc_write', { content: 'session labelled' });
    const b = await call(session, 'svc_write', { content: 'explicit source', source: 'crm:hubspot' });
    expect((await call(session, 'svc_explore', { mode: 'get', id: a.body.entryId })).body.entry.source).toBe('agent:planner-7');
    expect((await call(session, 'svc_explore', { mode: 'get', id: b.body.entryId })).body.entry.source).toBe('crm:hubspot');
    await session.close();
    const bad = await rawPost(`${mcpUrl}?session=${encodeURIComponent('no spaces')}`, { 'x-api-key': d.key });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BAD_REQUEST');
  });

  it('returns errors as tool results with isError and the spec code: BAD_REQUEST, NOT_FOUND', async () => {
    const missing = await call(client, 'svc_delete', {});
    expect(missing).toMatchObject({ isError: true, body: { code: 'BAD_REQUEST' } });
    expect(missing.body.message).toMatch(/entryId is required/);
    const wrongType = await call(client, 'svc_write', { content: 'x', tags: 'not-an-array' });
    expect(wrongType.body.code).toBe('BAD_REQUEST');
    expect((await call(client, 'svc_nonexistent')).body).toMatchObject({ code: 'NOT_FOUND', message: 'Tool svc_nonexistent not found' });
    const off = await call(client, 'svc_status');
    expect(off).toMatchObject({ isError: true, body: { code: 'NOT_FOUND' } });
    expect(off.body.message).toMatch(/svc_status is not enabled for the MCP transport/);
  });

  it('charges credits per call exactly as REST, and refuses with INSUFFICIENT_CREDITS', async () => {
    const before = balance(d.dataDir, d.orgId);
    await call(client, 'svc_explore');
    await call(client, 'svc_explore', { limit: 5 });
    await call(client, 'svc_write', { content: 'free to write' });
    expect(balance(d.dataDir, d.orgId)).toBe(before - 2);
    // A refused call is not paid for.
    await call(client, 'svc_explore', { offset: -1 });
    expect(balance(d.dataDir, d.orgId)).toBe(before - 2);

    const env = { ...d.env, SVC_INITIAL_CREDITS: '2' };
    await svcJson(['admin', 'init', '--email', 'poor@example.com', '--password', 'correct horse', '--org', 'poor', '--data-dir', d.dataDir], env);
    const { containerId } = await svcJson(['admin', 'container', 'create', '--org', 'poor', '--name', 'p', '--data-dir', d.dataDir], env);
    const { key } = await svcJson(['admin', 'key', 'create', '--org', 'poor', '--container', containerId, '--name', 'p', '--data-dir', d.dataDir], env);
    const poor = await httpClient(`${d.url}/mcp`, key);
    expect((await call(poor, 'svc_explore')).isError).toBe(false);
    expect((await call(poor, 'svc_explore')).isError).toBe(false);
    const refused = await call(poor, 'svc_explore');
    expect(refused).toMatchObject({ isError: true, body: { code: 'INSUFFICIENT_CREDITS' } });
    expect(refused.body.message).toMatch(/balance is 0/);
    // Zero-cost tools still run on an empty balance.
    expect((await call(poor, 'svc_write', { content: 'still free' })).isError).toBe(false);
    await poor.close();
  });

  it('reflects toggles in tools/list at once', async () => {
    expect(await toolNames(client)).not.toContain('svc_status');
    let r = await d.cli(['tools', 'enable', 'svc_status', '--transport', 'mcp']);
    expect(r.exitCode).toBe(0);
    expect(await toolNames(client)).toContain('svc_status');
    const status = await call(client, 'svc_status');
    expect(status.isError).toBe(false);
    expect(status.body.counts.tools).toBe((await toolNames(client)).length);

    r = await d.cli(['tools', 'disable', 'write', '--transport', 'mcp']);
    expect(r.exitCode).toBe(0);
    expect(await toolNames(client)).not.toContain('svc_write');
    expect((await call(client, 'svc_write', { content: 'x' })).body.code).toBe('NOT_FOUND');
    // The REST transport is toggled separately.
    expect((await d.rest('POST', '/tools/write', { body: { content: 'still on REST' } })).status).toBe(200);
    await d.cli(['tools', 'enable', 'svc_write', '--transport', 'mcp']);
    expect(await toolNames(client)).toContain('svc_write');
  });

  it('shows visitors of a public container the read tools only', async () => {
    const pub = await d.newContainer('public', ['--public']);
    await svcJson(['admin', 'init', '--email', 'visitor@example.com', '--password', 'correct horse', '--org', 'elsewhere', '--data-dir', d.dataDir], d.env);
    const { key } = await svcJson(['admin', 'key', 'create', '--org', 'elsewhere', '--name', 'v', '--data-dir', d.dataDir], d.env);
    const visitor = await httpClient(`${d.url}/mcp/${pub.containerId}`, key);
    const names = await toolNames(visitor);
    expect(names).toContain('svc_explore');
    expect(names).not.toContain('svc_write');
    expect(names).not.toContain('svc_delete');
    expect((await call(visitor, 'svc_write', { content: 'x' })).body.code).toBe('NOT_FOUND');
    await visitor.close();
    // A member of the owning organization with a read grant sees write tools but is refused by permission.
    const reader = await addMember(d.dataDir, { orgId: d.orgId, email: 'reader@example.com', role: 'member', grant: { containerId: d.containerId, permission: 'read' } });
    const r = await httpClient(mcpUrl, reader);
    expect((await call(r, 'svc_write', { content: 'x' })).body.code).toBe('FORBIDDEN');
    await r.close();
  });

  it('lists svc_claim on ephemeral containers only, when the registry has it', async () => {
    const eph = await d.newContainer('scratch', ['--ephemeral']);
    const c = await httpClient(`${d.url}/mcp`, eph.key);
    expect((await toolNames(c)).includes('svc_claim')).toBe(TOOLS.some((t) => t.name === 'svc_claim'));
    await c.close();
  });
});
