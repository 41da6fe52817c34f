import { ExtractionError } from './errors.js';
import { MAX_CHUNKS } from './limits.js';
import { splitIntoChunks } from './split-into-chunks.js';
import { extractiveSummary, rowSummary } from './summary.js';
import type { ExtractedChunk, ExtractedDocument, ExtractionResult } from './types.js';

/** Turns an extracted document into the chunks that become entries, each with its extractive summary. */
export function buildChunks(doc: ExtractedDocument): ExtractionResult {
  let chunks: ExtractedChunk[];
  if (doc.kind === 'rows') {
    chunks = doc.rows.map((r) => ({ content: r.values, contentType: 'structured', sectionHeader: r.header, chunkSummary: rowSummary(r.values) }));
  } else {
    chunks = splitIntoChunks(doc.sections).map((c) => ({
      content: c.text,
      contentType: doc.contentType,
      sectionHeader: c.sectionHeader,
      chunkSummary: extractiveSummary(c.text),
    }));
  }
  if (chunks.length > MAX_CHUNKS) throw new ExtractionError(`The file would become ${chunks.length} chunks; the limit is ${MAX_CHUNKS}`);
  return { title: doc.title, chunks };
}
