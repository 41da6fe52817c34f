import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/core/access/principal.js';
import { resolveFileResource } from '../../src/core/files/resource.js';
import { SqliteStores } from '../../src/store/sqlite/stores.js';
import { invokeTool, type ToolRuntime } from '../../src/tools/invoke.js';
import { TOOLS } from '../../src/tools/registry.js';
import { setToggle } from '../helpers/control-db.js';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { PNG_BYTES } from '../helpers/file-fixtures.js';
import { waitForFile } from '../helpers/files.js';

// The MCP transport is built on another branch; these tests run the svc_files_upload tool exactly as it
// will (invokeTool with transport 'mcp', the tool's zod schema) against the data dir of a running daemon,
// whose queue then processes the file.
let d: TestDaemon;
let stores: SqliteStores;
let rt: ToolRuntime;
let principal: Principal;

beforeAll(async () => {
  d = await startDaemon();
  stores = new SqliteStores(d.dataDir);
  rt = { stores, wake: () => undefined };
  principal = { kind: 'api_key', userId: d.userId, orgId: d.orgId, scopeContainerId: d.containerId, credentialName: 'agent' };
});
afterAll(async () => {
  await stores?.close();
  await d?.stop();
});

const mcpUpload = (input: unknown) => invokeTool(rt, { principal, containerId: d.containerId, transport: 'mcp', tool: 'svc_files_upload', input });

describe('svc_files_upload over MCP', () => {
  it('is off on MCP by default, and its schema carries the MCP parameters', async () => {
    await expect(mcpUpload({ name: 'a.txt', content: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/MCP/) });
    const tool = TOOLS.find((t) => t.name === 'svc_files_upload')!;
    const schema = (await import('zod')).z.toJSONSchema(tool.input) as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties).sort()).toEqual(['content', 'contentBase64', 'mimeType', 'name']);
    expect(schema.required).toEqual(['name']);
  });

  it('once an owner enables it: text content → processing, then complete; base64 image → stored', async () => {
    setToggle(d.dataDir, d.containerId, 'svc_files_upload', 'mcp', true);
    const text = (await mcpUpload({ name: 'agent-notes.md', content: '# Plan\n\nFeed the axolotl at noon.' })) as any;
    expect(text).toMatchObject({ name: 'agent-notes.md', status: 'processing', mimeType: 'text/markdown' });
    const done = await waitForFile(d, text.id);
    expect(done).toMatchObject({ processingStatus: 'complete', chunkCount: 1 });

    const img = (await mcpUpload({ name: 'dot.png', contentBase64: PNG_BYTES.toString('base64'), mimeType: 'image/png' })) as any;
    expect(img).toMatchObject({ name: 'dot.png', status: 'stored', mimeType: 'image/png', size: PNG_BYTES.length });
  });

  it.each([
    ['neither content nor contentBase64', { name: 'a.txt' }, 'BAD_REQUEST', /exactly one/],
    ['both content and contentBase64', { name: 'a.txt', content: 'x', contentBase64: 'eA==' }, 'BAD_REQUEST', /exactly one/],
    ['invalid base64', { name: 'a.txt', contentBase64: 'not base64!' }, 'BAD_REQUEST', /base64/],
    ['no name', { content: 'x' }, 'BAD_REQUEST', /name is required/],
    ['exactly 1 MB of content', { name: 'big.txt', content: 'x'.repeat(1024 * 1024) }, 'PAYLOAD_TOO_LARGE', /under 1048576/],
  ])('refuses %s', async (_label, input, code, message) => {
    await expect(mcpUpload(input)).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it('accepts content just under 1 MB decoded', async () => {
    const r = (await mcpUpload({ name: 'almost.bin', contentBase64: Buffer.alloc(1024 * 1024 - 1, 7).toString('base64') })) as any;
    expect(r).toMatchObject({ status: 'stored', size: 1024 * 1024 - 1 });
  });
});

describe('resolveFileResource (for MCP resources/read)', () => {
  it('turns svc://<container>/files/<id> into a signed, expiring URL serving the bytes', async () => {
    const up = (await mcpUpload({ name: 'dot2.png', contentBase64: PNG_BYTES.toString('base64') })) as any;
    const res = await resolveFileResource({ stores, principal, baseUrl: d.url }, `svc://${d.containerId}/files/${up.id}`);
    expect(res).toMatchObject({ fileId: up.id, containerId: d.containerId, name: 'dot2.png', mimeType: 'image/png', size: PNG_BYTES.length, expiresIn: 900 });
    expect(Date.parse(res.expiresAt)).toBeGreaterThan(Date.now());
    const got = await fetch(res.url);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('refuses malformed URIs, missing files and other containers', async () => {
    await expect(resolveFileResource({ stores, principal, baseUrl: d.url }, 'https://x/y')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(resolveFileResource({ stores, principal, baseUrl: d.url }, `svc://${d.containerId}/files/nope`)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const other = await d.newContainer('other');
    await expect(resolveFileResource({ stores, principal, baseUrl: d.url }, `svc://${other.containerId}/files/x`)).rejects.toMatchObject({ status: 403 });
  });
});
