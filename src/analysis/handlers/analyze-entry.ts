import type { JobHandler } from '../handler.js';
import { classifyRelations } from '../stages/classify-relations.js';
import { linkEntities } from '../stages/link-entities.js';

/**
 * An entry's background workflow. The entry and its full-text row were written in the write's own
 * transaction; here it gains its entities and provenance relationships, then is marked analysed. Each stage
 * is idempotent, so a crash mid-way simply runs the job again.
 */
export const analyzeEntry: JobHandler = async (job, env) => {
  const entryId = String(job.payload.entryId);
  const entry = await env.entries.getEntry(entryId);
  if (!entry) return; // deleted before its analysis ran: nothing to do
  await linkEntities(env.entries, entry, env.now());
  await classifyRelations(env.entries, entry);
  await env.entries.markAnalyzed(entry.id, env.now());
};
