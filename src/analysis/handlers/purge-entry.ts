import type { JobHandler } from '../handler.js';

/**
 * Removes what was derived from a deleted entry: its chunks (and their edges), its own edges, and canonical
 * entities nothing mentions any more.
 */
export const purgeEntry: JobHandler = async (job, env) => {
  const entryId = String(job.payload.entryId);
  if (await env.entries.getEntry(entryId)) return; // re-created under the same id: keep its data
  for (const chunk of await env.entries.listChildren(entryId)) await env.entries.deleteEdgesOf(chunk.id);
  await env.entries.deleteChildren(entryId);
  await env.entries.deleteEdgesOf(entryId);
  await env.entries.deleteOrphanEntities();
};
