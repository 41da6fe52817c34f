/** Kinds of durable background jobs. Core queues them; the worker runs the matching handler. */
export const JobKind = {
  /** Chunk, embed, index and classify a written entry. */
  analyzeEntry: 'analyze-entry',
  /** Remove an entry's derived chunks, embeddings and relationship edges after a delete. */
  purgeEntry: 'purge-entry',
  /** Move a new container through pending → analyzing → generating_tools → complete. */
  initializeContainer: 'initialize-container',
  /** Extract an uploaded file into a `_composite` entry and its chunks (spec § File processing). */
  extractFile: 'extract-file',
} as const;
