import type { JobHandler } from '../handler.js';
import { JobKind } from '../job-kinds.js';
import { analyzeEntry } from './analyze-entry.js';
import { extractFile } from './extract-file.js';
import { initializeContainer } from './initialize-container.js';
import { purgeEntry } from './purge-entry.js';

export const jobHandlers: Record<string, JobHandler> = {
  [JobKind.analyzeEntry]: analyzeEntry,
  [JobKind.purgeEntry]: purgeEntry,
  [JobKind.initializeContainer]: initializeContainer,
  [JobKind.extractFile]: extractFile,
};
