import type { Embedder } from '../../ai/types.js';

const MAX = 512;
const cache = new Map<string, Float32Array>();

/** Query embeddings are cached per embedder: agents repeat and paginate queries. */
export async function embedQuery(embedder: Embedder, query: string): Promise<{ vector: Float32Array; cached: boolean }> {
  const key = `${embedder.id}\u0000${query}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit); // most recently used goes last
    return { vector: hit, cached: true };
  }
  const [vector] = await embedder.embed([query]);
  cache.set(key, vector!);
  if (cache.size > MAX) cache.delete(cache.keys().next().value!);
  return { vector: vector!, cached: false };
}
