// Search latency at 10k and 100k chunks: the full svc_search pipeline (in-process, no HTTP) beside raw
// SQLite FTS5 and raw sqlite-vec queries on the same data in the same run.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SqliteContainerStore } from '../dist/store/sqlite/container-store.js';
import { runSearch } from '../dist/core/search/pipeline.js';
import { selectVectorIndex } from '../dist/store/sqlite/vector-index-factory.js';
import { percentiles, rng, sentence, unitVector, vocabulary, zipfSampler } from './synthetic-corpus.js';

const DIM = 512;

/** Fills a container database with `n` chunks (in composites of 20) directly, bypassing the job queue. */
async function populate(store, file, n, rand, sample) {
  const db = new Database(file);
  db.pragma('synchronous = OFF');
  const ins = db.prepare(
    `INSERT INTO entries (id, kind, content, content_type, source, tags, properties, created_at, ingested_at, parent_id, chunk_index, total_chunks, content_hash, analyzed_at)
     VALUES (?, ?, ?, 'text', 'bench:synthetic', '[]', '{}', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const fts = db.prepare('INSERT INTO entries_fts (rowid, text) VALUES (?, ?)');
  const now = Date.now();
  const ids = [];
  db.transaction(() => {
    for (let i = 0; i < n; i += 20) {
      const parent = randomUUID();
      ins.run(parent, 'entry', 'composite', now, now, null, null, 20, `p${i}`, now);
      for (let j = 0; j < 20 && i + j < n; j++) {
        const id = randomUUID();
        const text = sentence(sample, rand);
        const { lastInsertRowid } = ins.run(id, 'chunk', text, now, now, parent, j, 20, `c${i + j}`, now);
        fts.run(lastInsertRowid, text);
        ids.push(id);
      }
    }
  })();
  db.close();
  await store.vectors.prepare('bench:random-unit', DIM);
  for (let i = 0; i < ids.length; i += 2000) {
    await store.vectors.upsert(ids.slice(i, i + 2000).map((entryId) => ({ entryId, vector: unitVector(DIM, rand) })));
  }
}

/** Embeds queries with a fixed random map so the pipeline's cost excludes the model (reported apart). */
function fixedEmbedder(rand) {
  const cache = new Map();
  return {
    id: 'bench:random-unit',
    dimension: DIM,
    async embed(texts) {
      return texts.map((t) => {
        if (!cache.has(t)) cache.set(t, unitVector(DIM, rand));
        return cache.get(t);
      });
    },
  };
}

export async function measureScale(sizes, { ai, queries = 200, index = 'sqlite-vec', log = () => {} } = {}) {
  const out = {};
  selectVectorIndex(index);
  for (const n of sizes) {
    const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
    const file = join(dir, 'c.db');
    const rand = rng(n);
    const words = vocabulary(20000, rand);
    const sample = zipfSampler(words, rand);
    const store = new SqliteContainerStore('bench', file);
    let t = performance.now();
    await populate(store, file, n, rand, sample);
    log(`  populated ${n} chunks in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    // Query words skip the 100 most frequent synthetic words: those play the part of English stopwords,
    // which svc leaves out of BM25 queries (they occur in nearly every chunk and carry no topic).
    const contentWord = zipfSampler(words.slice(100), rand);
    const qs = Array.from({ length: queries }, () => sentence(contentWord, rand, 2, 6));
    const providers = { embedder: fixedEmbedder(rand), reranker: ai.reranker, generator: null };

    const db = new Database(file, { readonly: true });
    const sqliteVec = await import('sqlite-vec');
    sqliteVec.load(db);
    const ftsStmt = db.prepare('SELECT rowid, rank FROM entries_fts WHERE entries_fts MATCH ? ORDER BY rank LIMIT 50');
    // The raw vector baseline is the index engine's own top-50 query, without svc around it.
    const vecStmt = index === 'sqlite-vec' ? db.prepare('SELECT rowid, distance FROM vec_entries WHERE embedding MATCH ? AND k = 50') : null;
    const lanceTable = index === 'lancedb' ? await (await (await import('@lancedb/lancedb')).connect(file.replace(/\.db$/, '.lancedb'))).openTable('vectors') : null;
    const ftsQuery = (q) => [...new Set(q.split(' '))].map((w) => `"${w}"`).join(' OR ');
    const qvecs = await providers.embedder.embed(qs);

    // Warm caches once, then measure.
    for (const q of qs.slice(0, 5)) await runSearch(store, providers, q, 10);
    const raw = { fts5: [], sqliteVec: [], pipeline: [] };
    for (const [i, q] of qs.entries()) {
      t = performance.now();
      ftsStmt.all(ftsQuery(q));
      raw.fts5.push(performance.now() - t);
      t = performance.now();
      if (vecStmt) vecStmt.all(Buffer.from(qvecs[i].buffer));
      else await lanceTable.vectorSearch(Array.from(qvecs[i])).distanceType('cosine').limit(50).nprobes(20).refineFactor(5).select(['id', '_distance']).toArray();
      raw.sqliteVec.push(performance.now() - t);
    }
    const stageMs = {};
    for (const q of qs) {
      t = performance.now();
      const { stages } = await runSearch(store, providers, q, 10);
      raw.pipeline.push(performance.now() - t);
      for (const st of stages) (stageMs[st.stage] ??= []).push(st.ms);
    }
    out[`${n}`] = {
      chunks: n,
      vectorIndex: index,
      svcSearchPipelineMs: percentiles(raw.pipeline),
      rawFts5Ms: percentiles(raw.fts5),
      [index === 'sqlite-vec' ? 'rawSqliteVecMs' : 'rawLanceDbMs']: percentiles(raw.sqliteVec),
      pipelineStageP50Ms: Object.fromEntries(Object.entries(stageMs).map(([k, v]) => [k, percentiles(v).p50])),
    };
    log(`  ${n}: ${JSON.stringify(out[`${n}`])}`);
    db.close();
    lanceTable?.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
