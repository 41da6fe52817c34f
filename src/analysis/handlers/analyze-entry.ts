import { aiProviders } from '../../ai/providers.js';
import type { JobHandler } from '../handler.js';
import { chunkStage } from '../stages/chunk.js';
import { llmEntityExtractor } from '../entities/extract-llm.js';
import { llmRelationClassifier } from '../relations/classify-llm.js';
import { offlineClassifier, planRelations } from '../stages/classify-relations.js';
import { emptyDerived } from '../stages/derived.js';
import { duplicateGroupStage } from '../stages/duplicate-group.js';
import { embedStage } from '../stages/embed.js';
import { offlineEntityExtractor, planEntityLinks } from '../stages/link-entities.js';
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
  const ai = aiProviders();
  // With a configured LLM, entities and provenance come from it; offline rules otherwise (and as fallback).
  const extract = ai.generator ? llmEntityExtractor(ai.generator) : offlineEntityExtractor;
  const classify = ai.generator ? llmRelationClassifier(ai.generator) : offlineClassifier;
  if (entry.kind === 'chunk') {
    // A chunk queued on its own (a file's chunk, or a re-embed after an embedder change): its vector and
    // the entities it names. Provenance is judged between whole statements, not between file chunks.
    const run: AnalysisRun = { entry, env, ai, chunks: [] };
    await embedStage.run(run);
    await planEntityLinks(env.entries, entry, env.now(), derived, extract);
  } else {
    const run: AnalysisRun = { entry, env, ai, chunks: await env.entries.listChildren(entry.id) };
    for (const stage of ANALYSIS_STAGES) await stage.run(run);
    await planEntityLinks(env.entries, entry, env.now(), derived, extract);
    await planRelations(env.entries, entry, derived, classify);
  }
  await env.entries.writeDerived({ ...derived, analyzed: { id: entry.id, at: env.now() } });
};
