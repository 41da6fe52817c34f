/** Turns texts into unit-length vectors of a fixed dimension. */
export interface Embedder {
  /** Stable name recorded with an index, so vectors from two different models are never mixed. */
  readonly id: string;
  readonly dimension: number;
  embed(texts: string[]): Promise<Float32Array[]>;
}

export interface RerankCandidate {
  id: string;
  text: string;
  /** Score from the earlier stages (fused rank score), higher is better. */
  priorScore: number;
  /** Candidate vector when known (offline reranker uses it). */
  vector?: Float32Array;
}

/** Reorders candidates for a query; returns a score per candidate id (higher is better). */
export interface Reranker {
  readonly id: string;
  rerank(query: string, queryVector: Float32Array, candidates: RerankCandidate[]): Promise<Map<string, number>>;
}

/** Writes text from a prompt (HyDE passages). */
export interface Generator {
  readonly id: string;
  generate(prompt: string, opts?: { maxTokens?: number }): Promise<string>;
}

export interface AiProviders {
  embedder: Embedder;
  reranker: Reranker;
  /** Absent without a configured LLM: search then uses pseudo-relevance feedback instead of HyDE. */
  generator: Generator | null;
}
