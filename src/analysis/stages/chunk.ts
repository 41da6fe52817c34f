import { createHash } from 'node:crypto';
import { chunkText, leadSentence } from '../chunking/chunk-text.js';
import { contentHash } from '../content-hash.js';
import type { NewEntry } from '../../store/types.js';
import type { AnalysisStage } from './stage.js';

/**
 * Long text entries become composites (`_compositeType: 'write'`) of chunks that carry `chunkIndex`,
 * `totalChunks`, `sectionHeader` and a `part_of` edge to the composite. Re-running replaces the chunks.
 */
/** Chunk ids derive from the composite and position, so re-running analysis keeps ids callers already hold. */
function chunkId(parentId: string, index: number): string {
  const h = createHash('sha256').update(`${parentId}:chunk:${index}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const chunkStage: AnalysisStage = {
  name: 'chunk',
  async run(run) {
    const { entry, env } = run;
    if (entry.kind !== 'entry' || typeof entry.content !== 'string') return;
    const pieces = chunkText(entry.content);
    if (!pieces) return;
    const previous = await env.entries.listChildren(entry.id);
    await env.entries.vectors.remove(previous.map((c) => c.id));
    const chunks: NewEntry[] = pieces.map((p, i) => ({
      id: chunkId(entry.id, i),
      kind: 'chunk',
      content: p.text,
      contentType: entry.contentType,
      source: entry.source,
      tags: entry.tags,
      properties: { sectionHeader: p.sectionHeader, chunkSummary: leadSentence(p.text) },
      createdAt: entry.createdAt,
      ingestedAt: entry.ingestedAt,
      object: null,
      parentId: entry.id,
      compositeType: null,
      chunkIndex: i,
      totalChunks: pieces.length,
      contentHash: contentHash(p.text),
      fields: null,
    }));
    await env.entries.replaceChunks(entry.id, entry.compositeType ?? 'write', chunks);
    run.chunks = await env.entries.listChildren(entry.id);
  },
};
