import type { ContainerStore, EntryRecord } from '../../store/types.js';
import { searchableText } from '../../store/sqlite/searchable-text.js';
import { classifyOffline, type Classification } from '../relations/classify-offline.js';
import { features } from '../relations/features.js';
import type { DerivedWrites } from './derived.js';

/** How many nearest existing entries a new entry is compared with, and how many edges it may gain. */
const CANDIDATES = 8;
const MAX_EDGES = 3;

/** Pluggable so an LLM classifier (when a generator is configured) can replace the offline rules. */
export type RelationClassifier = (newText: string, oldText: string) => Promise<Classification | null>;
export const offlineClassifier: RelationClassifier = async (n, o) => classifyOffline(n, o);

/** An FTS5 query from a text's content words: each quoted (no operator injection), OR-ed. */
export function neighbourQuery(text: string): string {
  const words = [...features(text).words].filter((w) => w.length > 2).slice(0, 32);
  return words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ');
}

/**
 * Provenance stage of an entry's analysis: compares the entry with its nearest earlier entries and writes
 * corroborates / elaborates / supersedes / contradicts edges from the new entry to the old one.
 */
export async function planRelations(
  entries: ContainerStore,
  entry: EntryRecord,
  out: DerivedWrites,
  classify: RelationClassifier = offlineClassifier,
): Promise<void> {
  const text = searchableText(entry.content);
  const neighbours = await entries.fullTextNeighbors(neighbourQuery(text), CANDIDATES + 4);
  let written = 0;
  for (const n of neighbours) {
    if (written >= MAX_EDGES) break;
    if (n.id === entry.id) continue;
    const other = await entries.getEntry(n.id);
    // Only earlier, distinct statements: not the entry's own chunks or parent, not another instance of it.
    if (!other || other.createdAt > entry.createdAt || (other.createdAt === entry.createdAt && other.id > entry.id)) continue;
    if (other.contentHash === entry.contentHash || other.parentId === entry.id || entry.parentId === other.id) continue;
    if (entry.parentId && other.parentId === entry.parentId) continue;
    const result = await classify(text, searchableText(other.content));
    if (!result) continue;
    out.edges.push({ fromId: entry.id, toId: other.id, type: result.label, properties: { confidence: result.confidence, reason: result.reason } });
    written++;
  }
}
