import { Worker } from 'node:worker_threads';
import { ExtractionError } from './errors.js';
import type { ExtractorKind } from './kinds.js';
import { EXTRACTION_HEAP_MB, EXTRACTION_TIMEOUT_MS } from './limits.js';
import type { ExtractionResult } from './types.js';

/**
 * Extracts a stored file in a worker thread with its own heap limit and a wall-clock timeout, so PDF/DOCX/zip
 * bombs and parser crashes end as an ExtractionError (the file becomes `failed`) and the daemon keeps running.
 */
export function runExtraction(path: string, kind: ExtractorKind): Promise<ExtractionResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./extract-worker.js', import.meta.url), {
      workerData: { path, kind },
      resourceLimits: { maxOldGenerationSizeMb: EXTRACTION_HEAP_MB, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
      stdout: true,
      stderr: true,
    });
    // Parser warnings (pdf.js logs some) are not the daemon's output: read and drop them.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(new ExtractionError(`Extraction took longer than ${EXTRACTION_TIMEOUT_MS / 1000} s and was stopped`))),
      EXTRACTION_TIMEOUT_MS,
    );
    worker.on('message', (msg: { ok: true; result: ExtractionResult } | { ok: false; reason: string }) =>
      settle(() => (msg.ok ? resolve(msg.result) : reject(new ExtractionError(msg.reason)))),
    );
    worker.on('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          new ExtractionError(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `Extraction needed more than ${EXTRACTION_HEAP_MB} MB of memory and was stopped`
              : `Extraction crashed: ${err.message}`,
          ),
        ),
      ),
    );
    worker.on('exit', (code) => settle(() => reject(new ExtractionError(`Extraction stopped unexpectedly (exit code ${code})`))));
  });
}
