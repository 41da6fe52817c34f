// MCP vs REST latency on a spawned daemon, and over `svc mcp --data-dir` (stdio). Writes JSON to stdout
// (and to the file named by --out). Run after `npm run build`: node bench/mcp-latency.js [--calls 200] [--out f.json]
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '200' }, out: { type: 'string' } } });
const N = Number(values.calls);
const BIN = resolve(import.meta.dirname, '../bin/svc.js');
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
const env = { ...process.env, SVC_CONFIG_DIR: join(dataDir, 'cli'), SVC_INITIAL_CREDITS: String(100 * N) };
const admin = (args) => JSON.parse(execFileSync('node', [BIN, 'admin', ...args, '--data-dir', dataDir, '--json'], { env }).toString());

admin(['init', '--email', 'bench@example.com', '--password', 'correct horse', '--org', 'bench']);
const { containerId } = admin(['container', 'create', '--org', 'bench', '--name', 'bench']);
const { key } = admin(['key', 'create', '--org', 'bench', '--container', containerId, '--name', 'bench']);

const daemon = spawn('node', [BIN, 'serve', '--port', '0', '--data-dir', dataDir], { env, stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((res) => daemon.stdout.on('data', (d) => /listening on (\S+)/.test(d) && res(/listening on (\S+)/.exec(d)[1])));

async function measure(fn) {
  for (let i = 0; i < 10; i++) await fn(i); // warm-up
  const ms = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const pick = (q) => Number(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(2));
  return { calls: N, p50: pick(0.5), p95: pick(0.95), mean: Number((ms.reduce((a, b) => a + b, 0) / N).toFixed(2)) };
}

const http = new Client({ name: 'bench', version: '1' });
await http.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { 'x-api-key': key } } }));
const rest = (tool, body) =>
  fetch(`${url}/container/${containerId}/tools/${tool}`, { method: 'POST', headers: { 'x-api-key': key }, body: JSON.stringify(body) }).then((r) => r.text());

const results = {
  restWrite: await measure((i) => rest('write', { content: `rest ${i}` })),
  mcpHttpWrite: await measure((i) => http.callTool({ name: 'svc_write', arguments: { content: `mcp ${i}` } })),
  restExplore: await measure(() => rest('explore', { limit: 5 })),
  mcpHttpExplore: await measure(() => http.callTool({ name: 'svc_explore', arguments: { limit: 5 } })),
  mcpHttpToolsList: await measure(() => http.listTools()),
};
await http.close();
daemon.kill('SIGTERM');
await new Promise((r) => daemon.on('exit', r));

const stdio = new Client({ name: 'bench', version: '1' });
await stdio.connect(new StdioClientTransport({ command: 'node', args: [BIN, 'mcp', '--data-dir', dataDir, '--key', key], env }));
results.mcpStdioExplore = await measure(() => stdio.callTool({ name: 'svc_explore', arguments: { limit: 5 } }));
results.mcpStdioWrite = await measure((i) => stdio.callTool({ name: 'svc_write', arguments: { content: `stdio ${i}` } }));
await stdio.close();
rmSync(dataDir, { recursive: true, force: true });

const report = JSON.stringify({ benchmark: 'mcp-latency', unit: 'ms', node: process.version, results }, null, 2);
if (values.out) writeFileSync(values.out, report);
process.stdout.write(`${report}\n`);
