import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BIN, eventually, svcJson } from '../helpers/daemon.js';

// Switching the vector index (README § Search): stop, set SVC_VECTOR_INDEX, start; the new index is
// refilled in the background and vector search works again without rewriting anything.
const dataDir = mkdtempSync(join(tmpdir(), 'svc-switch-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function serve(env: Record<string, string>) {
  const proc = execa('node', [BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir], { env, reject: false, buffer: false });
  const url = await new Promise<string>((res, rej) => {
    let seen = '';
    proc.stdout!.on('data', (d: Buffer) => {
      seen += d.toString();
      const m = /svc listening on (http:\/\/\S+)/.exec(seen);
      if (m) res(m[1]!);
    });
    proc.on('exit', () => rej(new Error(seen)));
  });
  return { proc, url };
}

it('moves a container from sqlite-vec to LanceDB by re-embedding in the background', async () => {
  const admin = <T>(args: string[]) => svcJson<T>(['admin', ...args, '--data-dir', dataDir]);
  await admin(['init', '--email', 'o@example.com', '--password', 'correct horse', '--org', 'acme']);
  const { containerId } = await admin<{ containerId: string }>(['container', 'create', '--org', 'acme', '--name', 'c']);
  const { key } = await admin<{ key: string }>(['key', 'create', '--org', 'acme', '--container', containerId, '--name', 'k']);
  const call = async (url: string, path: string, body?: unknown) =>
    (await fetch(`${url}/container/${containerId}${path}`, { method: body ? 'POST' : 'GET', headers: { 'x-api-key': key }, body: body ? JSON.stringify(body) : undefined })).json() as Promise<any>;
  const vectorStage = async (url: string) =>
    (await call(url, '/tools/search', { query: 'when can we ship a release', explain: true })).data.explain.stages.find((s: any) => s.stage === 'vector');

  const first = await serve({ SVC_VECTOR_INDEX: 'sqlite-vec' });
  const id = (await call(first.url, '/tools/write', { content: 'Production deploys happen on Tuesdays' })).data.entryId;
  await eventually(async () => (await vectorStage(first.url)).candidates.some((c: any) => c.id === id));
  first.proc.kill('SIGTERM');
  await first.proc;

  const second = await serve({ SVC_VECTOR_INDEX: 'lancedb' });
  try {
    const v = await eventually(async () => {
      const s = await vectorStage(second.url);
      return s.detail === 'lancedb' && s.candidates.some((c: any) => c.id === id) ? s : null;
    }, 20_000);
    expect(v.detail).toBe('lancedb');
  } finally {
    second.proc.kill('SIGTERM');
    await second.proc;
  }
}, 60_000);
