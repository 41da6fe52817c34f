import type { JobHandler } from '../handler.js';

/**
 * Foundation stage of an entry's workflow: the entry and its full-text row were written in the write's own
 * transaction, so what remains is to record that the entry has been analysed. Later stages (chunking,
 * embeddings, duplicate groups, classification) hook in before the mark.
 */
export const analyzeEntry: JobHandler = async (job, env) => {
  const entryId = String(job.payload.entryId);
  const entry = await env.entries.getEntry(entryId);
  if (!entry) return; // deleted before its analysis ran: nothing to do
  await env.entries.markAnalyzed(entry.id, env.now());
};
