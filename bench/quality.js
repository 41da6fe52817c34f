// nDCG@10 on the written-down collection (ir-collection.js): BM25 alone, vectors alone, full pipeline.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SqliteContainerStore } from '../dist/store/sqlite/container-store.js';
import { runSearch } from '../dist/core/search/pipeline.js';
import { contentHash } from '../dist/analysis/content-hash.js';
import { DOCS, QUERIES } from './ir-collection.js';

function ndcgAt10(ranked, rel) {
  const dcg = ranked.slice(0, 10).reduce((s, id, i) => s + (2 ** (rel[id] ?? 0) - 1) / Math.log2(i + 2), 0);
  const ideal = Object.values(rel).sort((a, b) => b - a).slice(0, 10).reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);
  return ideal ? dcg / ideal : 0;
}

export async function measureQuality(ai) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-quality-'));
  const store = new SqliteContainerStore('quality', join(dir, 'q.db'));
  const docOf = new Map();
  const now = Date.now();
  for (const [doc, text] of Object.entries(DOCS)) {
    const id = randomUUID();
    docOf.set(id, doc);
    await store.insertEntry(
      { id, kind: 'entry', content: text, contentType: 'text', source: 'bench:ir', tags: [], properties: {}, createdAt: now, ingestedAt: now, object: null, parentId: null, compositeType: null, chunkIndex: null, totalChunks: null, contentHash: contentHash(text), fields: null },
      { id: randomUUID(), kind: 'bench-noop', payload: {} },
    );
  }
  await store.vectors.prepare(ai.embedder.id, ai.embedder.dimension);
  const ids = [...docOf.keys()];
  const vectors = await ai.embedder.embed(ids.map((id) => DOCS[docOf.get(id)]));
  await store.vectors.upsert(ids.map((entryId, i) => ({ entryId, vector: vectors[i] })));

  const scores = { bm25: [], vector: [], pipeline: [] };
  const perQuery = [];
  for (const q of QUERIES) {
    const bm25 = (await store.textSearch(q.text, 10)).map((h) => docOf.get(h.entryId));
    const [qv] = await ai.embedder.embed([q.text]);
    const vec = (await store.vectors.knn(qv, 10)).map((h) => docOf.get(h.entryId));
    const full = (await runSearch(store, ai, q.text, 10)).matches.map((m) => docOf.get(m.id));
    const row = { query: q.id, bm25: ndcgAt10(bm25, q.rel), vector: ndcgAt10(vec, q.rel), pipeline: ndcgAt10(full, q.rel) };
    scores.bm25.push(row.bm25);
    scores.vector.push(row.vector);
    scores.pipeline.push(row.pipeline);
    perQuery.push(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toFixed(3)) : v])));
  }
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  const mean = (xs) => Number((xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(3));
  return {
    collection: `svc written collection: ${Object.keys(DOCS).length} documents, ${QUERIES.length} queries, graded judgments (bench/ir-collection.js)`,
    embedder: ai.embedder.id,
    reranker: ai.reranker.id,
    ndcgAt10: { bm25: mean(scores.bm25), vector: mean(scores.vector), pipeline: mean(scores.pipeline) },
    perQuery,
  };
}
