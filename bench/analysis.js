// Analysis throughput: entries/s through the background analysis (entities + provenance classification),
// run in-process on the built code over a temporary data dir. Prints JSON.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SqliteStores } from '../dist/store/sqlite/stores.js';
import { analyzeEntry } from '../dist/analysis/handlers/analyze-entry.js';
import { contentHash } from '../dist/analysis/content-hash.js';
import { classifyOffline } from '../dist/analysis/relations/classify-offline.js';
import { evaluateClassifier } from '../dist/analysis/relations/evaluate.js';

const N = Number(process.env.BENCH_ANALYSIS_ENTRIES ?? 2000);
const people = ['Ann Lee', 'Bob Smith', 'Carla Diaz', 'Dev Patel', 'Eve Martin'];
const orgs = ['Acme Corp', 'Globex', 'Initech', 'Umbrella', 'Hooli'];
const places = ['Berlin', 'Paris', 'Oslo', 'Lisbon', 'Tokyo'];
const topics = ['deploy window', 'budget', 'contract renewal', 'hiring plan', 'security review', 'launch date'];

function sentence(i) {
  const p = people[i % 5], o = orgs[(i * 7) % 5], pl = places[(i * 3) % 5], t = topics[i % topics.length];
  return `${p} from ${o} discussed the ${t} in ${pl}; the figure is now ${100 + (i % 37)} and the review is on day ${i % 28}. Note ${i}.`;
}

const dir = mkdtempSync(join(tmpdir(), 'svc-bench-analysis-'));
const stores = new SqliteStores(dir);
const entries = await stores.container('bench');
const now = Date.now();
for (let i = 0; i < N; i++) {
  const content = sentence(i);
  await entries.insertEntry({
    id: randomUUID(), kind: 'entry', content, contentType: 'text', source: 'bench:analysis', tags: [], properties: {},
    createdAt: now + i, ingestedAt: now + i, object: null, parentId: null, compositeType: null, chunkIndex: null,
    totalChunks: null, contentHash: contentHash(content), fields: null,
  }, { id: randomUUID(), kind: 'analyze-entry', payload: {} });
}
const jobs = [];
for (let j = await entries.claimJob(Date.now() + 1e9); j; j = await entries.claimJob(Date.now() + 1e9)) jobs.push(j);
const rows = await entries.listEntries({ limit: N, offset: 0 });
const t0 = performance.now();
for (const e of rows.reverse()) {
  await analyzeEntry({ id: 'x', kind: 'analyze-entry', payload: { entryId: e.id }, status: 'running', attempts: 1, runAfter: 0, lastError: null },
    { stores, containerId: 'bench', entries, now: () => Date.now() });
}
const seconds = (performance.now() - t0) / 1000;
const counts = await entries.counts();

const pairs = JSON.parse(readFileSync(new URL('../test/fixtures/relations-labelled.json', import.meta.url), 'utf8'));
const quality = evaluateClassifier(pairs, (n, o) => classifyOffline(n, o)?.label ?? null);

await stores.close();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({
  benchmark: 'analysis',
  entries: N,
  seconds: Number(seconds.toFixed(3)),
  entriesPerSecond: Number((N / seconds).toFixed(1)),
  canonicalEntities: counts.total - counts.eligible,
  entityTypes: counts.entityTypes,
  classifier: { set: 'test/fixtures/relations-labelled.json', pairs: pairs.length, ...quality },
}, null, 2));
