// svc_query sandbox numbers: materializing the sandbox database, a cold and a warm statement, and how fast a
// runaway statement is stopped. Prints JSON; also writes it to .bench-out/query.json. Run after `npm run build`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SqliteContainerStore } from '../dist/store/sqlite/container-store.js';
import { sandboxFile } from '../dist/core/query/materialize.js';
import { sandboxPool } from '../dist/core/query/sandbox-pool.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const dir = mkdtempSync(join(tmpdir(), 'svc-bench-query-'));
const store = new SqliteContainerStore('bench', join(dir, 'bench.db'));
const ms = (t) => Math.round((performance.now() - t) * 10) / 10;

let t = performance.now();
for (let i = 0; i < ROWS; i++) {
  const fields = { name: `n${i}`, amount: i * 1.5, city: `c${i % 50}`, active: i % 2 === 0, tags: [i % 3, i % 5] };
  await store.insertObjectEntry(
    { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, kind: 'entry', content: fields, contentType: 'structured', source: 'bench', tags: [], properties: {}, createdAt: i, ingestedAt: i, object: 'deal', parentId: null, compositeType: null, chunkIndex: null, totalChunks: null, contentHash: `h${i}`, fields },
    { id: `j${i}`, kind: 'analyze-entry', payload: {} },
    { object: 'deal', source: 'bench', fields: [{ name: 'name', type: 'text' }, { name: 'amount', type: 'number' }, { name: 'city', type: 'text' }, { name: 'active', type: 'boolean' }, { name: 'tags', type: 'json' }] },
  );
}
const writeMs = ms(t);

// The daemon's event loop while the sandbox file is rebuilt (the rows are read and written in a sandbox process).
const lag = monitorEventLoopDelay({ resolution: 5 });
lag.enable();
t = performance.now();
const file = await sandboxFile(dir, store);
const materializeMs = ms(t);
lag.disable();
const materializeMaxEventLoopLagMs = Math.round(lag.max / 1e5) / 10;

const run = (sql) => sandboxPool.run({ file, sql, maxRows: 200, maxBytes: 256 * 1024, maxBlobBytes: 1 << 20 });
t = performance.now();
await run('SELECT count(*) FROM deal');
const coldMs = ms(t);
const warm = [];
for (let i = 0; i < 20; i++) {
  t = performance.now();
  await run('SELECT city, count(*), avg(amount) FROM deal GROUP BY city ORDER BY 2 DESC');
  warm.push(ms(t));
}
warm.sort((a, b) => a - b);
t = performance.now();
const runaway = await run('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c');
const runawayMs = ms(t);

const result = {
  rows: ROWS,
  objectWritesPerSecond: Math.round(ROWS / (writeMs / 1000)),
  materializeMs,
  materializeMaxEventLoopLagMs,
  coldQueryMs: coldMs,
  warmGroupByMedianMs: warm[Math.floor(warm.length / 2)],
  warmGroupByP95Ms: warm[Math.floor(warm.length * 0.95)],
  runawayStoppedAfterMs: runawayMs,
  runawayError: runaway.ok ? null : runaway.error,
};
await store.close();
rmSync(dir, { recursive: true, force: true });
mkdirSync(new URL('../.bench-out/', import.meta.url), { recursive: true });
writeFileSync(new URL('../.bench-out/query.json', import.meta.url), JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify(result, null, 2));
