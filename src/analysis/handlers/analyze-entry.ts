import { aiProviders } from '../../ai/providers.js';
import type { JobHandler } from '../handler.js';
import { chunkStage } from '../stages/chunk.js';
import { planRelations } from '../stages/classify-relations.js';
import { emptyDerived } from '../stages/derived.js';
import { duplicateGroupStage } from '../stages/duplicate-group.js';
import { embedStage } from '../stages/embed.js';
import { planEntityLinks } from '../stages/link-entities.js';
import type { AnalysisRun, AnalysisStage } from '../stages/stage.js';

/**
 * An entry's workflow, as an ordered list of stages: chunk long text, embed (vectors for KNN; BM25 rows
 * were written with the entry and its chunks), then group duplicates.
 */
export const ANALYSIS_STAGES: AnalysisStage[] = [chunkStage, embedStage, duplicateGroupStage];

/**
 * Runs the stages, then plans the graph an entry adds (canonical entities with `mentions`/`related_via`,
 * provenance edges to earlier entries) and writes it in one transaction with the analysed mark, so a crash
 * leaves all or nothing and the job simply runs again.
 */
export const analyzeEntry: JobHandler = async (job, env) => {
  const entryId = String(job.payload.entryId);
  const entry = await env.entries.getEntry(entryId);
  if (!entry) return; // deleted before its analysis ran: nothing to do
  const derived = emptyDerived();
  if (entry.kind === 'chunk') {
    // A chunk queued on its own (a file's chunk, or a re-embed after an embedder change): its vector and
    // the entities it names. Provenance is judged between whole statements, not between file chunks.
    const run: AnalysisRun = { entry, env, ai: aiProviders(), chunks: [] };
    await embedStage.run(run);
    await planEntityLinks(env.entries, entry, env.now(), derived);
  } else {
    const run: AnalysisRun = { entry, env, ai: aiProviders(), chunks: await env.entries.listChildren(entry.id) };
    for (const stage of ANALYSIS_STAGES) await stage.run(run);
    await planEntityLinks(env.entries, entry, env.now(), derived);
    await planRelations(env.entries, entry, derived);
  }
  await env.entries.writeDerived({ ...derived, analyzed: { id: entry.id, at: env.now() } });
};
