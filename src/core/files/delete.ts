import { randomUUID } from 'node:crypto';
import { JobKind } from '../../analysis/job-kinds.js';
import type { ContainerContext } from '../context.js';
import { Conflict, NotFound } from '../errors.js';
import { fileBytesPath, removeQuietly } from './storage.js';

export interface DeleteFileResult {
  message: string;
  fileId: string;
  entriesDeleted: number;
}

function refuseProcessing(fileId: string): never {
  // spec § File processing: a file cannot be deleted while it is processed; 409 says "retry later".
  throw new Conflict(`File ${fileId} is being processed; delete it once its processingStatus is complete or failed`);
}

/**
 * spec § svc_files_delete: removes the file, its `_composite` entry and every chunk at once (they stop being
 * searchable immediately); each removed entry's embeddings and edges are purged by a queued job.
 */
export async function deleteFile(ctx: ContainerContext, fileId: string): Promise<DeleteFileResult> {
  const file = await ctx.entries.files.get(fileId);
  if (!file) throw new NotFound(`File ${fileId} not found`);
  if (file.status === 'processing') refuseProcessing(fileId);

  // Entries go first: if the process stops half-way, the file record remains and the delete can be repeated.
  let entriesDeleted = 0;
  if (file.compositeId) {
    const ids = [...(await ctx.entries.listChildren(file.compositeId)).map((c) => c.id), file.compositeId];
    entriesDeleted = await ctx.entries.deleteEntries(
      ids.map((id) => ({ id, job: { id: randomUUID(), kind: JobKind.purgeEntry, payload: { entryId: id } } })),
    );
  }
  const outcome = await ctx.entries.files.deleteUnlessProcessing(fileId);
  if (outcome === 'processing') refuseProcessing(fileId);
  if (outcome === 'missing') throw new NotFound(`File ${fileId} not found`);
  await removeQuietly(fileBytesPath(ctx.stores.dataDir, ctx.container.id, fileId));
  if (entriesDeleted > 0) ctx.wake(ctx.container.id);
  return {
    message: `Deleted ${file.name} and ${entriesDeleted} derived ${entriesDeleted === 1 ? 'entry' : 'entries'}`,
    fileId,
    entriesDeleted,
  };
}
