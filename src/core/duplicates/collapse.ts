import type { ContainerStore, EntryRecord } from '../../store/types.js';

export interface CollapsedMatch {
  /** The representative: the most recent instance (spec § Search match `mostRecentAt`). */
  entry: EntryRecord;
  score: number;
  /** Every live instance of the content, newest first (one element when the content is unique). */
  instances: EntryRecord[];
}

const newestFirst = (a: EntryRecord, b: EntryRecord) => b.ingestedAt - a.ingestedAt || b.createdAt - a.createdAt;

/**
 * Collapses instances of identical content (same kind and whitespace-normalised hash — the identity
 * svc_delete's includeDuplicates uses) to one match at the best-scoring instance's rank, represented by the
 * most recent instance. Candidates arrive best first.
 */
export async function collapseDuplicates(
  entries: ContainerStore,
  ranked: Array<{ entry: EntryRecord; score: number }>,
  limit: number,
): Promise<CollapsedMatch[]> {
  const seen = new Set<string>();
  const out: CollapsedMatch[] = [];
  for (const { entry, score } of ranked) {
    if (out.length >= limit) break;
    const key = `${entry.kind}:${entry.contentHash}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const instances = (await entries.findByContentHash(entry.contentHash)).filter((e) => e.kind === entry.kind).sort(newestFirst);
    out.push({ entry: instances[0] ?? entry, score, instances: instances.length ? instances : [entry] });
  }
  return out;
}
