import { execa } from 'execa';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startDaemon, type TestDaemon } from '../helpers/daemon.js';

// A third-party client: the MCP Inspector (`@modelcontextprotocol/inspector`, a devDependency) in its
// `--cli` mode, run as `npx mcp-inspector --cli …` would run it.
const INSPECTOR = resolve(import.meta.dirname, '../../node_modules/@modelcontextprotocol/inspector/cli/build/cli.js');

async function inspector(args: string[], env: Record<string, string> = {}): Promise<any> {
  const r = await execa('node', [INSPECTOR, '--cli', ...args], { reject: false, timeout: 30_000, env });
  if (r.exitCode !== 0) throw new Error(`inspector failed (${r.exitCode}): ${r.stderr}\n${r.stdout}`);
  return JSON.parse(String(r.stdout));
}

describe('MCP Inspector CLI against svc', () => {
  let d: TestDaemon;
  let http: string[];

  beforeAll(async () => {
    d = await startDaemon();
    http = [`${d.url}/mcp/${d.containerId}`, '--transport', 'http', '--header', `x-api-key: ${d.key}`];
  });
  afterAll(async () => {
    await d?.stop();
  });

  it('lists and calls tools over Streamable HTTP', async () => {
    const listed = await inspector([...http, '--method', 'tools/list']);
    const names = listed.tools.map((t: any) => t.name);
    expect(names).toEqual(expect.arrayContaining(['svc_explore', 'svc_write', 'svc_delete']));
    expect(names).not.toContain('svc_status');

    const written = await inspector([...http, '--method', 'tools/call', '--tool-name', 'svc_write', '--tool-arg', 'content=Inspector was here', '--tool-arg', 'source=inspector:cli']);
    expect(written.isError).toBeFalsy();
    const { entryId } = JSON.parse(written.content[0].text);

    const got = await inspector([...http, '--method', 'tools/call', '--tool-name', 'svc_explore', '--tool-arg', 'mode=get', `--tool-arg`, `id=${entryId}`]);
    expect(got.structuredContent.entry).toMatchObject({ content: 'Inspector was here', source: 'inspector:cli' });

    const refused = await inspector([...http, '--method', 'tools/call', '--tool-name', 'svc_delete']);
    expect(refused.isError).toBe(true);
    expect(JSON.parse(refused.content[0].text).code).toBe('BAD_REQUEST');
  });

  it('lists and calls tools through `svc mcp` over stdio', async () => {
    const env = { SVC_SERVER: d.url, SVC_API_KEY: d.key, SVC_CONFIG_DIR: join(d.dataDir, 'cli-config') };
    const listed = await inspector(['node', BIN, 'mcp', '--method', 'tools/list'], env);
    expect(listed.tools.map((t: any) => t.name)).toContain('svc_explore');
    const explored = await inspector(['node', BIN, 'mcp', '--method', 'tools/call', '--tool-name', 'svc_explore', '--tool-arg', 'limit=5'], env);
    expect(explored.structuredContent.entryCount).toBeGreaterThanOrEqual(1);
  });
});
