import type { RerankCandidate, Reranker } from './types.js';
import { contentTerms } from './text-terms.js';
import { dot } from './vector-math.js';

/**
 * Offline reranker, used when no LLM is configured. It is not a cross-encoder (none ships in an npm
 * package): it re-scores the fused candidates with three signals the earlier stages see only separately —
 * semantic similarity of the whole candidate to the query, coverage of the query's content words, and an
 * exact-phrase bonus — blended with the fused rank score so a strong first-stage hit is not thrown away.
 */
export class LocalReranker implements Reranker {
  readonly id = 'local:similarity-coverage';

  async rerank(query: string, queryVector: Float32Array, candidates: RerankCandidate[]): Promise<Map<string, number>> {
    const qTerms = [...new Set(contentTerms(query))];
    const phrase = query.trim().toLowerCase().replace(/\s+/g, ' ');
    const maxPrior = Math.max(...candidates.map((c) => c.priorScore), 1e-9);
    const scores = new Map<string, number>();
    for (const c of candidates) {
      const similarity = c.vector ? Math.max(0, dot(queryVector, c.vector)) : 0;
      const cTerms = new Set(contentTerms(c.text));
      const coverage = qTerms.length ? qTerms.filter((t) => cTerms.has(t)).length / qTerms.length : 0;
      const phraseBonus = phrase.includes(' ') && c.text.toLowerCase().replace(/\s+/g, ' ').includes(phrase) ? 1 : 0;
      const prior = c.priorScore / maxPrior;
      scores.set(c.id, 0.4 * similarity + 0.25 * coverage + 0.1 * phraseBonus + 0.25 * prior);
    }
    return scores;
  }
}
