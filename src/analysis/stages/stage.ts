import type { AiProviders } from '../../ai/types.js';
import type { EntryRecord } from '../../store/types.js';
import type { JobEnvironment } from '../handler.js';

/** What the stages of one entry's analysis share: the entry, the entries it produced, the providers. */
export interface AnalysisRun {
  entry: EntryRecord;
  env: JobEnvironment;
  ai: AiProviders;
  /** Chunks the chunk stage produced (empty for a short entry, which is indexed whole). */
  chunks: EntryRecord[];
}

/**
 * One step of analyze-entry. Stages run in order and each must be idempotent (a crashed job runs again).
 * Later analysis (entity extraction, relationship classification, file chunks) plugs in by appending here.
 */
export interface AnalysisStage {
  name: string;
  run(run: AnalysisRun): Promise<void>;
}
