import { JobKind } from '../../analysis/job-kinds.js';
import { analysedIds } from '../../analysis/stages/analysed-ids.js';
import type { Embedder } from '../../ai/types.js';
import type { ContainerContext } from '../context.js';

/**
 * Binds the container's vector index to the active embedder before a search. A new, switched or
 * re-configured index starts empty: every searchable row is queued for re-embedding, and search answers
 * from BM25 (plus whatever vectors exist) until the queue has run.
 */
export async function ensureVectorIndex(ctx: ContainerContext, embedder: Embedder): Promise<void> {
  if (await ctx.entries.vectors.prepare(embedder.id, embedder.dimension)) {
    await ctx.entries.requeueAnalysis(await analysedIds(ctx.entries), JobKind.analyzeEntry);
    ctx.wake(ctx.container.id);
  }
}

