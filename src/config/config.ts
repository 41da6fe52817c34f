import envPaths from 'env-paths';
import { z } from 'zod';

// Parsed once at start into a frozen object and passed down; nothing below reads process.env.
const ConfigSchema = z.object({
  dataDir: z.string().min(1),
  host: z.string().min(1).default('127.0.0.1'),
  port: z.coerce.number().int().min(0).max(65535).default(7700),
  /** Public base URL of the daemon (used in WWW-Authenticate and links); derived from host/port when absent. */
  publicUrl: z.string().url().optional(),
  /** Credits a new organization starts with (self-hosted default; grant more with `svc admin credits grant`). */
  initialCredits: z.coerce.number().int().min(0).default(1000),
  /** Largest JSON request body accepted by the tool endpoints. */
  maxJsonBodyBytes: z.coerce.number().int().positive().default(5 * 1024 * 1024),
  /** Ephemeral containers one client address may create per window (POST /ephemeral). */
  ephemeralPerWindow: z.coerce.number().int().min(0).default(10),
  ephemeralWindowSeconds: z.coerce.number().int().positive().default(3600),
  /** Milliseconds between background-queue polls when idle. */
  workerIdleMs: z.coerce.number().int().positive().default(250),
  /** OpenAI-compatible server for embeddings, HyDE and rerank; absent = everything offline (README § Search). */
  aiBaseUrl: z.string().url().optional(),
  aiApiKey: z.string().min(1).optional(),
  /** Embedding model on that server; absent keeps the bundled local embedder. */
  embeddingModel: z.string().min(1).optional(),
  embeddingDimension: z.coerce.number().int().positive().optional(),
  /** Chat model on that server: turns on HyDE and the LLM reranker. */
  chatModel: z.string().min(1).optional(),
  /** Vector index for container stores: `sqlite-vec` (embedded, exact) or `lancedb` (ANN for large containers). */
  vectorIndex: z.enum(['sqlite-vec', 'lancedb']).default('sqlite-vec'),
});

export type Config = Readonly<z.infer<typeof ConfigSchema>>;

export function defaultDataDir(): string {
  return envPaths('svc', { suffix: '' }).data;
}

/** Flags beat environment variables, which beat defaults. */
export function loadConfig(flags: Record<string, unknown>, env: NodeJS.ProcessEnv): Config {
  const pick = (flag: unknown, envName: string): unknown => (flag !== undefined ? flag : env[envName]);
  const parsed = ConfigSchema.parse({
    dataDir: pick(flags.dataDir, 'SVC_DATA_DIR') ?? defaultDataDir(),
    host: pick(flags.host, 'SVC_HOST'),
    port: pick(flags.port, 'SVC_PORT'),
    publicUrl: pick(flags.publicUrl, 'SVC_PUBLIC_URL'),
    initialCredits: pick(flags.initialCredits, 'SVC_INITIAL_CREDITS'),
    maxJsonBodyBytes: env.SVC_MAX_JSON_BODY_BYTES,
    workerIdleMs: env.SVC_WORKER_IDLE_MS,
    ephemeralPerWindow: env.SVC_EPHEMERAL_PER_WINDOW,
    ephemeralWindowSeconds: env.SVC_EPHEMERAL_WINDOW_SECONDS,
    aiBaseUrl: env.SVC_AI_BASE_URL || undefined,
    aiApiKey: env.SVC_AI_API_KEY || undefined,
    embeddingModel: env.SVC_EMBEDDING_MODEL || undefined,
    embeddingDimension: env.SVC_EMBEDDING_DIMENSION || undefined,
    chatModel: env.SVC_CHAT_MODEL || undefined,
    vectorIndex: env.SVC_VECTOR_INDEX || undefined,
  });
  return Object.freeze(parsed);
}
