import type { AiProviders } from '../../ai/types.js';
import { blend, dot } from '../../ai/vector-math.js';
import type { ContainerStore, EntryRecord } from '../../store/types.js';
import { collapseDuplicates } from '../duplicates/collapse.js';
import { fuse, type RankedList } from './fusion.js';
import { toMatches, type SearchMatch } from './match.js';
import { embedQuery } from './query-vector-cache.js';
import { searchableText } from '../../store/sqlite/searchable-text.js';

export interface StageReport {
  stage: string;
  ms: number;
  detail?: string;
  candidates: Array<{ id: string; score: number }>;
}

export interface SearchOutcome {
  matches: SearchMatch[];
  stages: StageReport[];
}

/** How many candidates each first-stage retriever contributes, relative to the requested limit. */
const poolSize = (limit: number) => Math.max(50, limit * 3);
/** Candidates the reranker sees (it is the expensive stage with an LLM). */
const rerankDepth = (limit: number) => Math.max(30, limit * 2);
const PRF_DOCS = 3;

const round = (n: number) => Number(n.toFixed(6));
const topForReport = (xs: Array<{ id: string; score: number }>) => xs.slice(0, 20).map((x) => ({ id: x.id, score: round(x.score) }));

/**
 * svc_search's pipeline (ARCHITECTURE.md § Search pipeline): BM25 and vector KNN → weighted RRF →
 * expansion (HyDE with a generator, pseudo-relevance feedback without) fused in → rerank → collapse
 * duplicate groups → decorate. Every stage is timed for `explain`.
 */
export async function runSearch(entries: ContainerStore, ai: AiProviders, query: string, limit: number): Promise<SearchOutcome> {
  const stages: StageReport[] = [];
  const timed = async <T>(stage: string, fn: () => Promise<T>, report: (r: T) => Omit<StageReport, 'stage' | 'ms'>): Promise<T> => {
    const t = performance.now();
    const r = await fn();
    stages.push({ stage, ms: round(performance.now() - t), ...report(r) });
    return r;
  };
  const pool = poolSize(limit);

  const [bm25, q] = await Promise.all([
    timed('bm25', () => entries.textSearch(query, pool), (hits) => ({ candidates: topForReport(hits.map((h) => ({ id: h.entryId, score: h.score }))) })),
    timed('embed-query', () => embedQuery(ai.embedder, query), (r) => ({ detail: `${ai.embedder.id}${r.cached ? ' (cached)' : ''}`, candidates: [] })),
  ]);
  const vec = await timed('vector', () => entries.vectors.knn(q.vector, pool), (hits) => ({
    detail: entries.vectors.kind,
    candidates: topForReport(hits.map((h) => ({ id: h.entryId, score: 1 - h.distance }))),
  }));
  const lists: RankedList[] = [
    { name: 'bm25', ids: bm25.map((h) => h.entryId), weight: 1 },
    { name: 'vector', ids: vec.map((h) => h.entryId), weight: 1 },
  ];
  let fused = await timed('fuse', async () => fuse(lists), (r) => ({ detail: 'weighted reciprocal rank fusion, k=60', candidates: topForReport(r) }));

  // Vectors of the candidates the later stages look at, read once.
  // KNN hits usually bring their vectors along; only the others are looked up.
  const vectors = new Map<string, Float32Array>();
  for (const h of vec) if (h.vector) vectors.set(h.entryId, h.vector);
  const toLoad = fused.slice(0, rerankDepth(limit)).map((f) => f.id).filter((id) => !vectors.has(id));
  await timed('load-vectors', () => entries.vectors.get(toLoad), (m) => {
    for (const [id, v] of m) vectors.set(id, v);
    return { detail: `${m.size} candidate vectors looked up`, candidates: [] };
  });

  // Expansion. With a generator, HyDE: a hypothetical answer's vector retrieves a third candidate list.
  // Without one, pseudo-relevance feedback: the query vector moved towards the top hits (Rocchio) re-scores
  // the candidates already found — no second scan of the vector index, so it costs microseconds.
  fused = await timed(
    ai.generator ? 'hyde' : 'prf',
    async () => {
      if (ai.generator) {
        const passage = await ai.generator.generate(`Write a short factual passage that answers this question.\nQuestion: ${query}`);
        if (!passage.trim()) return fused;
        const expanded = blend([{ vector: (await ai.embedder.embed([passage]))[0]!, weight: 1 }, { vector: q.vector, weight: 1 }]);
        const hits = await entries.vectors.knn(expanded, pool);
        return fuse([...lists, { name: 'hyde', ids: hits.map((h) => h.entryId), weight: 0.5 }]);
      }
      const top = fused.slice(0, PRF_DOCS).map((f) => vectors.get(f.id)).filter((v): v is Float32Array => !!v);
      if (top.length === 0) return fused;
      const expanded = blend([{ vector: q.vector, weight: 1 }, ...top.map((v) => ({ vector: v, weight: 0.5 / top.length }))]);
      const rescored = [...vectors.entries()].map(([id, v]) => ({ id, score: dot(expanded, v) })).sort((a, b) => b.score - a.score);
      return fuse([...lists, { name: 'prf', ids: rescored.map((r) => r.id), weight: 0.5 }]);
    },
    (r) => ({ detail: ai.generator ? `HyDE via ${ai.generator.id}` : `pseudo-relevance feedback from top ${PRF_DOCS}`, candidates: topForReport(r) }),
  );

  // Load the candidates the reranker sees; rows deleted since indexing drop out here.
  const depth = fused.slice(0, rerankDepth(limit));
  const byId = new Map((await entries.getEntries(depth.map((d) => d.id))).map((e) => [e.id, e] as const));
  const live = depth.filter((d) => {
    const e = byId.get(d.id);
    return e && (e.kind === 'chunk' || (e.kind === 'entry' && e.totalChunks === null));
  });
  const reranked = await timed(
    'rerank',
    async () => {
      if (live.length === 0) return [] as Array<{ entry: EntryRecord; score: number }>;
      const missing = live.map((d) => d.id).filter((id) => !vectors.has(id));
      for (const [id, v] of await entries.vectors.get(missing)) vectors.set(id, v);
      const scores = await ai.reranker.rerank(
        query,
        q.vector,
        live.map((d) => ({ id: d.id, text: searchableText(byId.get(d.id)!.content), priorScore: d.score, vector: vectors.get(d.id) })),
      );
      return live
        .map((d) => ({ entry: byId.get(d.id)!, score: scores.get(d.id) ?? 0 }))
        .sort((a, b) => b.score - a.score || (a.entry.id < b.entry.id ? -1 : 1));
    },
    (r) => ({ detail: ai.reranker.id, candidates: topForReport(r.map((x) => ({ id: x.entry.id, score: x.score }))) }),
  );

  const collapsed = await timed('collapse-duplicates', () => collapseDuplicates(entries, reranked, limit), (r) => ({
    candidates: r.map((c) => ({ id: c.entry.id, score: round(c.score) })),
    detail: `${r.filter((c) => c.instances.length > 1).length} group(s) collapsed`,
  }));
  const matches = await timed('decorate', () => toMatches(entries, collapsed), () => ({ candidates: [] }));
  return { matches, stages };
}
