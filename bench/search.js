// Search benchmark (run by `npm run bench`): writes bench/results.json (and prints it). Narrow it for a quick run:
//   node bench/search.js --sizes 10000 --entries 100
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createAiProviders } from '../dist/ai/providers.js';
import { measureIngest } from './ingest.js';
import { measureQuality } from './quality.js';
import { measureScale } from './scale.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const sizes = arg('sizes', '10000,100000').split(',').filter(Boolean).map(Number);
const entries = Number(arg('entries', '400'));
const lanceSizes = arg('lancedb-sizes', '100000').split(',').filter(Boolean).map(Number);
const log = (m) => process.stderr.write(`${m}\n`);

const ai = createAiProviders();
const results = {
  generatedAt: new Date().toISOString(),
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version, loadAverageAtStart: loadavg().map((x) => Number(x.toFixed(2))) },
  notes: [
    'ingest: spawned `svc serve`, REST writes with 8 concurrent clients; chunks/s counts chunks and short entries embedded with the bundled local model and indexed (FTS5 + sqlite-vec) in the background.',
    'scale: synthetic Zipf text and random 512-d unit vectors; svcSearchPipelineMs is the full in-process svc_search pipeline (BM25, KNN, fusion, PRF second KNN, rerank, duplicate collapse, decoration) excluding query embedding, which is reported apart as queryEmbeddingMs; raw FTS5 and raw sqlite-vec are single top-50 queries on the same data.',
  ],
};
log('quality (nDCG@10)…');
results.quality = await measureQuality(ai);
log(`  ${JSON.stringify(results.quality.ndcgAt10)}`);
log('query embedding latency…');
{
  const samples = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await ai.embedder.embed([`what is the policy number ${i} for remote work`]);
    samples.push(performance.now() - t);
  }
  const { percentiles } = await import('./synthetic-corpus.js');
  results.queryEmbeddingMs = { embedder: ai.embedder.id, ...percentiles(samples.slice(3)) };
}
log('ingest over REST…');
results.ingest = await measureIngest({ entries, log });
log(`scale ${sizes.join(', ')}…`);
results.searchLatency = await measureScale(sizes, { ai, log });
log(`scale with LanceDB ${lanceSizes.join(', ')}…`);
results.searchLatencyLanceDb = await measureScale(lanceSizes, { ai, index: 'lancedb', log });
results.machine.loadAverageAtEnd = loadavg().map((x) => Number(x.toFixed(2)));
const out = resolve(arg('out', resolve(import.meta.dirname, 'results.json')));
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
log(`written to ${out}`);
