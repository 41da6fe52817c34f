import type { Embedder, Generator, RerankCandidate, Reranker } from './types.js';
import { normalize } from './vector-math.js';

export interface OpenAiCompatibleSettings {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), a vLLM or llama.cpp server. */
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
}

async function postJson(s: OpenAiCompatibleSettings, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${s.baseUrl.replace(/\/$/, '')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(s.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** POST /embeddings of any OpenAI-compatible server. */
export class OpenAiEmbedder implements Embedder {
  readonly id: string;
  constructor(
    private readonly s: OpenAiCompatibleSettings,
    private readonly model: string,
    readonly dimension: number,
  ) {
    this.id = `openai:${model}:${dimension}`;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += 64) {
      const json = await postJson(this.s, '/embeddings', { model: this.model, input: texts.slice(i, i + 64) });
      const rows = [...(json.data as Array<{ index: number; embedding: number[] }>)].sort((a, b) => a.index - b.index);
      for (const r of rows) {
        if (r.embedding.length !== this.dimension) {
          throw new Error(`Embedding model ${this.model} returned ${r.embedding.length} dimensions; configured ${this.dimension}`);
        }
        out.push(normalize(Float32Array.from(r.embedding)));
      }
    }
    return out;
  }
}

/** POST /chat/completions of any OpenAI-compatible server. */
export class OpenAiGenerator implements Generator {
  readonly id: string;
  constructor(
    private readonly s: OpenAiCompatibleSettings,
    private readonly model: string,
  ) {
    this.id = `openai:${model}`;
  }

  async generate(prompt: string, opts: { maxTokens?: number } = {}): Promise<string> {
    const json = await postJson(this.s, '/chat/completions', {
      model: this.model,
      messages: [{ role: 'user', content: prompt }],
      max_tokens: opts.maxTokens ?? 256,
      temperature: 0,
    });
    return String(json.choices?.[0]?.message?.content ?? '');
  }
}

/** Asks the chat model to grade each candidate 0..10 for the query; unparseable answers fall back to the prior. */
export class LlmReranker implements Reranker {
  readonly id: string;
  constructor(private readonly generator: OpenAiGenerator) {
    this.id = `llm:${generator.id}`;
  }

  async rerank(query: string, _qv: Float32Array, candidates: RerankCandidate[]): Promise<Map<string, number>> {
    const listing = candidates.map((c, i) => `[${i}] ${c.text.replace(/\s+/g, ' ').slice(0, 600)}`).join('\n');
    const answer = await this.generator.generate(
      `Rate how well each passage answers the query, 0 (unrelated) to 10 (answers it). ` +
        `Reply with only a JSON array of numbers, one per passage, in order.\nQuery: ${query}\nPassages:\n${listing}`,
      { maxTokens: 8 * candidates.length + 16 },
    );
    const match = /\[[\d\s.,]*\]/.exec(answer);
    const grades = match ? (JSON.parse(match[0]) as number[]) : [];
    const maxPrior = Math.max(...candidates.map((c) => c.priorScore), 1e-9);
    const scores = new Map<string, number>();
    candidates.forEach((c, i) => {
      const grade = typeof grades[i] === 'number' ? grades[i]! / 10 : null;
      const prior = c.priorScore / maxPrior;
      scores.set(c.id, grade === null ? prior * 0.5 : 0.8 * grade + 0.2 * prior);
    });
    return scores;
  }
}
