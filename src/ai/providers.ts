import { LocalSentenceEmbedder } from './local-embedder.js';
import { LocalReranker } from './local-reranker.js';
import { LlmReranker, OpenAiEmbedder, OpenAiGenerator } from './openai-compatible.js';
import type { AiProviders } from './types.js';

export interface AiSettings {
  /** Base URL of an OpenAI-compatible server; without it everything runs offline. */
  baseUrl?: string;
  apiKey?: string;
  /** Embedding model on that server (with its dimension); absent keeps the local embedder. */
  embeddingModel?: string;
  embeddingDimension?: number;
  /** Chat model on that server: enables HyDE and the LLM reranker. */
  chatModel?: string;
}

/** Builds the providers from settings: offline defaults, OpenAI-compatible ones where configured. */
export function createAiProviders(s: AiSettings = {}): AiProviders {
  const server = s.baseUrl ? { baseUrl: s.baseUrl, apiKey: s.apiKey } : null;
  const embedder =
    server && s.embeddingModel
      ? new OpenAiEmbedder(server, s.embeddingModel, s.embeddingDimension ?? 1536)
      : new LocalSentenceEmbedder();
  const generator = server && s.chatModel ? new OpenAiGenerator(server, s.chatModel) : null;
  return { embedder, generator, reranker: generator ? new LlmReranker(generator) : new LocalReranker() };
}

let current: AiProviders | null = null;

/**
 * The process's providers. The daemon configures them once at start from its config; any other process
 * that runs analysis (`svc admin`, tests) gets the offline defaults. Held here rather than threaded through
 * the job environment because the embedding model is loaded once per process and shared by every caller.
 */
export function configureAi(s: AiSettings): AiProviders {
  current = createAiProviders(s);
  return current;
}

export function aiProviders(): AiProviders {
  current ??= createAiProviders();
  return current;
}
