import { z } from 'zod';
import { aiProviders } from '../ai/providers.js';
import { BadRequest } from '../core/errors.js';
import { resolveSearchLimit, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from '../core/search/limit.js';
import { runSearch } from '../core/search/pipeline.js';
import { ensureVectorIndex } from '../core/search/vector-readiness.js';
import { defineTool } from './definition.js';

export const searchTool = defineTool({
  name: 'svc_search',
  description:
    'Hybrid retrieval over raw content: BM25 and vector search fused, expanded (HyDE or pseudo-relevance feedback) and reranked; identical content collapses to its most recent instance. Returns matches with provenance and navigation hints.',
  input: z.object({
    query: z.string().describe('Free text'),
    limit: z.number().optional().describe(`Matches to return, default ${SEARCH_DEFAULT_LIMIT}, clamped to 1..${SEARCH_MAX_LIMIT}`),
    topK: z.number().optional().describe('Alias of limit (limit wins when both are sent)'),
    explain: z.boolean().optional().describe("Also return each stage's candidates, scores and milliseconds"),
  }),
  cost: 5,
  permission: 'read',
  defaults: { mcp: true, rest: true },
  rest: { method: 'POST', path: '/tools/search' },
  cli: { command: 'search', args: ['query'], summary: 'Hybrid search; --explain shows every stage' },
  handler: async (ctx, args) => {
    if (args.query.trim() === '') throw new BadRequest('query must not be empty');
    const limit = resolveSearchLimit(args.limit, args.topK);
    const started = performance.now();
    const ai = aiProviders();
    await ensureVectorIndex(ctx, ai.embedder);
    const { matches, stages } = await runSearch(ctx.entries, ai, args.query, limit);
    if (!args.explain) return { matches };
    return { matches, explain: { limit, totalMs: Number((performance.now() - started).toFixed(3)), stages } };
  },
});
