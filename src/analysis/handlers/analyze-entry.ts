import { aiProviders } from '../../ai/providers.js';
import type { JobHandler } from '../handler.js';
import { chunkStage } from '../stages/chunk.js';
import { duplicateGroupStage } from '../stages/duplicate-group.js';
import { embedStage } from '../stages/embed.js';
import type { AnalysisRun, AnalysisStage } from '../stages/stage.js';

/**
 * An entry's workflow, as an ordered list of stages: chunk long text, embed (vectors for KNN; BM25 rows
 * were written with the entry and its chunks), then group duplicates. Analysis that needs chunks and
 * vectors (entities, relationship classification) appends its stages after these.
 */
export const ANALYSIS_STAGES: AnalysisStage[] = [chunkStage, embedStage, duplicateGroupStage];

export const analyzeEntry: JobHandler = async (job, env) => {
  const entryId = String(job.payload.entryId);
  const entry = await env.entries.getEntry(entryId);
  if (!entry) return; // deleted before its analysis ran: nothing to do
  if (entry.kind === 'chunk') {
    // A chunk re-queued on its own (embedder change): only its vector needs rebuilding.
    const run: AnalysisRun = { entry, env, ai: aiProviders(), chunks: [] };
    await embedStage.run(run);
  } else {
    const run: AnalysisRun = { entry, env, ai: aiProviders(), chunks: await env.entries.listChildren(entry.id) };
    for (const stage of ANALYSIS_STAGES) await stage.run(run);
  }
  await env.entries.markAnalyzed(entry.id, env.now());
};
