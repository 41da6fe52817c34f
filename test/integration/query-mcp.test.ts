import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { balance, call, httpClient, stdioClient, toolNames } from '../helpers/mcp.js';
import { setToolToggle } from '../helpers/tool-toggle.js';

// spec § Tool visibility defaults: svc_query is off on MCP too; once enabled it answers like REST.
let d: TestDaemon;
let client: Client;

beforeAll(async () => {
  d = await startDaemon();
  await d.rest('POST', '/tools/write', { body: { object: 'contact', content: { name: 'Ann', city: 'Oslo' } } });
  client = await httpClient(`${d.url}/mcp/${d.containerId}`, d.key);
}, 60_000);
afterAll(async () => {
  await client?.close();
  await d?.stop();
});

describe('svc_query over MCP', () => {
  test('absent from tools/list until enabled for MCP; REST stays off', async () => {
    expect(await toolNames(client)).not.toContain('svc_query');
    setToolToggle(d.dataDir, d.containerId, 'svc_query', 'mcp', true);
    const tools = (await client.listTools()).tools;
    const query = tools.find((t) => t.name === 'svc_query');
    expect(query?.inputSchema.required).toEqual(['sql']);
    expect((await d.rest('POST', '/tools/query', { body: { sql: 'SELECT 1' } })).status).toBe(404);
  });

  test('returns columns, rows, rowCount and truncated, and costs 1 credit', async () => {
    const before = balance(d.dataDir, d.orgId);
    const r = await call(client, 'svc_query', { sql: 'SELECT name, city FROM contact' });
    expect(r.isError).toBe(false);
    expect(r.body).toEqual({ columns: ['name', 'city'], rows: [['Ann', 'Oslo']], rowCount: 1, truncated: false });
    expect(balance(d.dataDir, d.orgId)).toBe(before - 1);
  });

  test('a refused statement is a tool error carrying the reason', async () => {
    const r = await call(client, 'svc_query', { sql: 'SELECT * FROM sqlite_master' });
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.body)).toMatch(/BAD_REQUEST/);
    expect(JSON.stringify(r.body)).toMatch(/internal to the database/);
  });

  test('svc mcp over stdio on the data dir runs it in the same sandbox, stdout untouched', async () => {
    const { client: local, stderr } = await stdioClient(['mcp', '--data-dir', d.dataDir, '--key', d.key], d.env);
    try {
      const r = await call(local, 'svc_query', { sql: 'SELECT count(*) AS n FROM contact' });
      expect(r.body, stderr()).toEqual({ columns: ['n'], rows: [[1]], rowCount: 1, truncated: false });
      const runaway = await call(local, 'svc_query', { sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c' });
      expect(runaway.isError).toBe(true);
      expect(JSON.stringify(runaway.body)).toMatch(/time budget/);
      expect((await toolNames(local)).length).toBeGreaterThan(0);
    } finally {
      await local.close();
    }
  }, 30_000);
});
