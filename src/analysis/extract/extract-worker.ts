// Runs inside a worker thread (see run-extraction.ts): a hostile file that exhausts memory or loops kills
// this thread only, never the daemon.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { buildChunks } from './build-chunks.js';
import { ExtractionError } from './errors.js';
import { extractDocument } from './extract-document.js';
import type { ExtractorKind } from './kinds.js';

const { path, kind } = workerData as { path: string; kind: ExtractorKind };

try {
  const bytes = await readFile(path);
  const result = buildChunks(await extractDocument(bytes, kind));
  parentPort!.postMessage({ ok: true, result });
} catch (err) {
  const reason = err instanceof ExtractionError ? err.message : `Extraction failed: ${err instanceof Error ? err.message : String(err)}`;
  parentPort!.postMessage({ ok: false, reason });
}
