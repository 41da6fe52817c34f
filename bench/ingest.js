// Write throughput over REST (entries/s acknowledged) and background indexing throughput (chunks/s
// embedded and indexed) against a spawned `svc serve`, like a user's script would see them.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { rng, sentence, vocabulary, zipfSampler } from './synthetic-corpus.js';

const BIN = resolve(import.meta.dirname, '../bin/svc.js');

function admin(dataDir, args) {
  return JSON.parse(execFileSync('node', [BIN, 'admin', ...args, '--data-dir', dataDir, '--json'], { encoding: 'utf8' }));
}

async function serve(dataDir) {
  const proc = spawn('node', [BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise((res, rej) => {
    let seen = '';
    proc.stdout.on('data', (d) => {
      seen += d;
      const m = /svc listening on (http:\/\/\S+)/.exec(seen);
      if (m) res(m[1]);
    });
    proc.on('exit', () => rej(new Error(`svc serve exited: ${seen}`)));
  });
  return { proc, url };
}

export async function measureIngest({ entries = 400, longEvery = 10, concurrency = 8, log = () => {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-ingest-'));
  admin(dataDir, ['init', '--email', 'bench@example.com', '--password', 'bench password', '--org', 'bench']);
  admin(dataDir, ['credits', 'grant', '--org', 'bench', '--amount', '100000']);
  const { containerId } = admin(dataDir, ['container', 'create', '--org', 'bench', '--name', 'bench']);
  const { key } = admin(dataDir, ['key', 'create', '--org', 'bench', '--container', containerId, '--name', 'bench']);
  const { proc, url } = await serve(dataDir);
  const call = async (method, path, body) => {
    const res = await fetch(`${url}/container/${containerId}${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json();
  };
  try {
    const rand = rng(7);
    const sample = zipfSampler(vocabulary(5000, rand), rand);
    // Every `longEvery`-th entry is a long markdown document that gets chunked.
    const bodies = Array.from({ length: entries }, (_, i) =>
      i % longEvery === 0
        ? Array.from({ length: 6 }, (_, s) => `## Part ${s}\n\n${sentence(sample, rand, 80, 140)}.\n\n${sentence(sample, rand, 80, 140)}.`).join('\n\n')
        : `${sentence(sample, rand, 10, 40)}.`,
    );
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++];
          const r = await call('POST', '/tools/write', { content: body });
          if (!r.success) throw new Error(JSON.stringify(r));
        }
      }),
    );
    const ackSeconds = (performance.now() - t0) / 1000;
    let status;
    for (;;) {
      status = (await call('GET', '/status')).data;
      if (status.counts.entries.pending === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const indexSeconds = (performance.now() - t0) / 1000;
    const searchable = status.counts.entries.eligible - Math.floor(entries / longEvery); // chunks + short entries
    const result = {
      entries,
      concurrency,
      entriesPerSecondAcknowledged: Number((entries / ackSeconds).toFixed(1)),
      searchableRowsIndexed: searchable,
      chunksPerSecondIndexed: Number((searchable / indexSeconds).toFixed(1)),
      secondsUntilAllSearchable: Number(indexSeconds.toFixed(2)),
    };
    log(`  ingest: ${JSON.stringify(result)}`);
    return result;
  } finally {
    proc.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
