import type { ContainerStore, EntryRecord } from '../../store/types.js';
import type { CollapsedMatch } from '../duplicates/collapse.js';
import { duplicateMeta, type DuplicateMeta } from '../duplicates/group-meta.js';

export interface SearchMatch {
  id: string;
  score: number;
  content: string | Record<string, unknown>;
  provenance: {
    source: string;
    sourceFileId: string | null;
    chunkIndex: number | null;
    totalChunks: number | null;
    /** ISO 8601; from `occurredAt` when the writer gave one, else the write time. */
    ingestedAt: string;
    tags: string[];
    fileName: string | null;
    sectionHeader: string | null;
    chunkSummary: string | null;
    /** The composite a chunk belongs to (null for a whole entry). */
    compositeId: string | null;
    contentType: string;
    object: string | null;
    properties: Record<string, unknown>;
  };
  _meta: {
    svc: {
      navigate: { hasSiblings: number; relationshipTypes: Record<string, number> };
    } & Partial<DuplicateMeta>;
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The public shape of search matches (spec § Search match), with provenance from each chunk's composite. */
export async function toMatches(entries: ContainerStore, collapsed: CollapsedMatch[]): Promise<SearchMatch[]> {
  const parentIds = [...new Set(collapsed.map((c) => c.entry.parentId).filter((p): p is string => !!p))];
  const parents = new Map((await entries.getEntries(parentIds)).map((p) => [p.id, p] as const));
  const edgeCounts = await entries.edgeTypeCounts(collapsed.map((c) => c.entry.id));
  const out: SearchMatch[] = [];
  for (const c of collapsed) {
    const e: EntryRecord = c.entry;
    const parent = e.parentId ? parents.get(e.parentId) : undefined;
    const chunkProps = e.kind === 'chunk' ? e.properties : {};
    const dup = await duplicateMeta(entries, c.instances);
    out.push({
      id: e.id,
      score: Number(c.score.toFixed(6)),
      content: e.content,
      provenance: {
        source: e.source,
        sourceFileId: str(parent?.properties.fileId),
        chunkIndex: e.chunkIndex,
        totalChunks: e.totalChunks,
        ingestedAt: new Date(e.ingestedAt).toISOString(),
        tags: e.tags,
        fileName: str(parent?.properties.fileName),
        sectionHeader: str(chunkProps.sectionHeader),
        chunkSummary: str(chunkProps.chunkSummary),
        compositeId: parent?.id ?? null,
        contentType: e.contentType,
        object: e.object,
        properties: e.kind === 'chunk' ? (parent?.properties ?? {}) : e.properties,
      },
      _meta: {
        svc: {
          // Other chunks of the same source document; 0 = the match stands alone.
          navigate: { hasSiblings: e.kind === 'chunk' && e.totalChunks ? e.totalChunks - 1 : 0, relationshipTypes: edgeCounts.get(e.id) ?? {} },
          ...(dup ?? {}),
        },
      },
    });
  }
  return out;
}
