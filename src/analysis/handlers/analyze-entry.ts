import type { JobHandler } from '../handler.js';
import { planRelations } from '../stages/classify-relations.js';
import { emptyDerived } from '../stages/derived.js';
import { planEntityLinks } from '../stages/link-entities.js';

/**
 * An entry's background workflow. The entry and its full-text row were written in the write's own
 * transaction; here its stages plan what they derive (entities, provenance relationships), and everything is
 * written in one transaction together with the analysed mark, so a crash leaves all or nothing and the job
 * simply runs again.
 */
export const analyzeEntry: JobHandler = async (job, env) => {
  const entryId = String(job.payload.entryId);
  const entry = await env.entries.getEntry(entryId);
  if (!entry) return; // deleted before its analysis ran: nothing to do
  const derived = emptyDerived();
  await planEntityLinks(env.entries, entry, env.now(), derived);
  await planRelations(env.entries, entry, derived);
  await env.entries.writeDerived({ ...derived, analyzed: { id: entry.id, at: env.now() } });
};
