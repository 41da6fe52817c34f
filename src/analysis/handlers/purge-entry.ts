import type { JobHandler } from '../handler.js';

/**
 * Removes what was derived from a deleted entry: its chunks (their vectors and edges), its own vector and
 * edges, duplicate groups left with one instance, and canonical entities nothing mentions any more.
 */
export const purgeEntry: JobHandler = async (job, env) => {
  const entryId = String(job.payload.entryId);
  if (await env.entries.getEntry(entryId)) return; // re-created under the same id: keep its data
  const chunks = await env.entries.listChildren(entryId);
  await env.entries.vectors.remove([entryId, ...chunks.map((c) => c.id)]);
  for (const chunk of chunks) await env.entries.deleteEdgesOf(chunk.id);
  // A duplicate group left with one instance is no group any more: its last instance_of edge goes too.
  for (const edge of await env.entries.edgesFrom(entryId)) {
    if (edge.type !== 'instance_of') continue;
    const remaining = (await env.entries.edgesTo(edge.toId)).filter((e) => e.type === 'instance_of' && e.fromId !== entryId);
    if (remaining.length <= 1) await env.entries.deleteEdgesOf(edge.toId);
  }
  await env.entries.deleteChildren(entryId);
  await env.entries.deleteEdgesOf(entryId);
  await env.entries.deleteOrphanEntities();
};
