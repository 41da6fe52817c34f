import { randomUUID } from 'node:crypto';
import { contentHash } from '../content-hash.js';
import { fileBytesPath } from '../../core/files/storage.js';
import type { EdgeRecord, NewEntry, NewJob, StoredFile } from '../../store/types.js';
import { ExtractionError } from '../extract/errors.js';
import { extractorFor } from '../extract/kinds.js';
import { runExtraction } from '../extract/run-extraction.js';
import type { ExtractionResult } from '../extract/types.js';
import type { JobEnvironment, JobHandler } from '../handler.js';
import { JobKind } from '../job-kinds.js';

/**
 * spec § File processing: `pending → processing → complete | failed`. The file becomes a `_composite` entry
 * (compositeType `file`) and chunk entries linked to it by `part_of` edges, each chunk queued for analysis
 * like any written entry. Idempotent: a run cut short by a crash finds its file still `processing`, removes
 * what the earlier run wrote, and starts over.
 */
export const extractFile: JobHandler = async (job, env) => {
  const fileId = String(job.payload.fileId);
  const files = env.entries.files;
  const file = await files.get(fileId);
  if (!file) return; // deleted while pending
  if (file.status === 'pending') {
    if (!(await files.markProcessing(fileId))) return;
  } else if (file.status !== 'processing') return; // already finished
  if (file.compositeId) await removeEntriesOf(env, file.compositeId);

  const kind = extractorFor(file.mimeType);
  let result: ExtractionResult;
  try {
    if (!kind) throw new ExtractionError(`Files of type ${file.mimeType} are download-only`);
    result = await runExtraction(fileBytesPath(env.stores.dataDir, env.containerId, fileId), kind);
    if (result.chunks.length === 0) throw new ExtractionError('No text could be extracted from the file');
  } catch (err) {
    // Extraction giving up is an outcome, not a job failure: the file says why and the job is done.
    await files.markFailed(fileId, err instanceof ExtractionError ? err.message : `Extraction failed: ${(err as Error).message}`);
    return;
  }
  const compositeId = randomUUID();
  try {
    await files.setComposite(fileId, compositeId);
    await env.entries.insertEntries(fileEntries(file, compositeId, result, env.now()));
    await files.markComplete(fileId, result.chunks.length);
  } catch (err) {
    // A storage error is retried by the queue; on the last attempt the file must not stay `processing`
    // (it could then never be deleted), so it ends `failed` with the reason.
    if (job.attempts < LAST_ATTEMPT) throw err;
    await removeEntriesOf(env, compositeId);
    await files.markFailed(fileId, `Storing the extracted entries failed: ${(err as Error).message}`);
  }
};

/** The queue's default attempt limit (worker.ts maxAttempts). */
const LAST_ATTEMPT = 5;

async function removeEntriesOf(env: JobEnvironment, compositeId: string): Promise<void> {
  const ids = [...(await env.entries.listChildren(compositeId)).map((c) => c.id), compositeId];
  await env.entries.deleteEntries(ids.map((id) => ({ id, job: { id: randomUUID(), kind: JobKind.purgeEntry, payload: { entryId: id } } })));
}

function fileEntries(file: StoredFile, compositeId: string, result: ExtractionResult, now: number): { entries: NewEntry[]; edges: EdgeRecord[]; jobs: NewJob[] } {
  const source = `file:${file.name}`;
  const total = result.chunks.length;
  const first = result.chunks[0];
  const overview = [result.title ?? file.name, first && typeof first.content === 'string' ? first.chunkSummary : ''].filter(Boolean).join('\n\n');
  const base = { source, tags: [] as string[], createdAt: now, ingestedAt: file.uploadedAt, object: null, fields: null };
  const entries: NewEntry[] = [
    {
      ...base,
      id: compositeId,
      kind: 'composite',
      content: overview,
      contentType: 'text',
      properties: { fileId: file.id, fileName: file.name, mimeType: file.mimeType, ...(result.title ? { title: result.title } : {}) },
      parentId: null,
      compositeType: 'file',
      chunkIndex: null,
      totalChunks: total,
      contentHash: contentHash(`file:${file.id}`),
    },
  ];
  const edges: EdgeRecord[] = [];
  const jobs: NewJob[] = [];
  result.chunks.forEach((chunk, i) => {
    const id = randomUUID();
    entries.push({
      ...base,
      id,
      kind: 'chunk',
      content: chunk.content,
      contentType: chunk.contentType,
      properties: { sectionHeader: chunk.sectionHeader, fileName: file.name, sourceFileId: file.id, chunkSummary: chunk.chunkSummary },
      parentId: compositeId,
      compositeType: null,
      chunkIndex: i,
      totalChunks: total,
      contentHash: contentHash(chunk.content),
    });
    edges.push({ fromId: id, toId: compositeId, type: 'part_of', properties: { chunkIndex: i } });
    jobs.push({ id: randomUUID(), kind: JobKind.analyzeEntry, payload: { entryId: id } });
  });
  return { entries, edges, jobs };
}
