import { randomUUID } from 'node:crypto';
import { JobKind } from '../../analysis/job-kinds.js';
import type { ContainerContext } from '../context.js';
import { NotFound } from '../errors.js';

export interface DeleteInput {
  entryId: string;
  includeDuplicates?: boolean;
}

export interface DeleteResult {
  entryId: string;
  workflowId: string;
  duplicatesDeleted?: number;
}


/**
 * Deletes the entry at once and queues the purge of what was derived from it (spec § Entry write and
 * delete). With includeDuplicates, every other instance of the same content goes too.
 */
export async function deleteEntry(ctx: ContainerContext, input: DeleteInput): Promise<DeleteResult> {
  const entry = await ctx.entries.getEntry(input.entryId);
  if (!entry) throw new NotFound(`Entry ${input.entryId} not found`);
  const workflowId = randomUUID();
  await ctx.entries.deleteEntry(entry.id, { id: workflowId, kind: JobKind.purgeEntry, payload: { entryId: entry.id } });

  let duplicatesDeleted: number | undefined;
  if (input.includeDuplicates) {
    duplicatesDeleted = 0;
    for (const other of await ctx.entries.findByContentHash(entry.contentHash)) {
      if (other.kind !== entry.kind) continue;
      const removed = await ctx.entries.deleteEntry(other.id, { id: randomUUID(), kind: JobKind.purgeEntry, payload: { entryId: other.id } });
      if (removed) duplicatesDeleted++;
    }
  }
  ctx.wake(ctx.container.id);
  const result: DeleteResult = { entryId: entry.id, workflowId };
  if (duplicatesDeleted !== undefined) result.duplicatesDeleted = duplicatesDeleted;
  return result;
}
