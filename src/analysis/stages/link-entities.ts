import { createHash, randomUUID } from 'node:crypto';
import type { ContainerStore, EntryRecord, NewEntry } from '../../store/types.js';
import { searchableText } from '../../store/sqlite/searchable-text.js';
import { extractEntities, type ExtractedEntity } from '../entities/extract-entities.js';
import type { DerivedWrites } from './derived.js';

/** Co-occurrence edges grow quadratically: only the first entities of an entry are paired. */
const MAX_PAIRED = 12;
const MAX_VIA = 5;

function newEntity(e: ExtractedEntity, now: number): NewEntry {
  return {
    id: randomUUID(),
    kind: 'entity',
    content: e.name,
    contentType: 'text',
    source: 'system:entities',
    tags: [],
    properties: { entityType: e.entityType, name: e.name, key: e.key },
    createdAt: now,
    ingestedAt: now,
    object: null,
    parentId: null,
    compositeType: null,
    chunkIndex: null,
    totalChunks: null,
    contentHash: createHash('sha256').update(`entity:${e.entityType}:${e.key}`).digest('hex'),
    fields: null,
  };
}

/**
 * Entity stage of an entry's analysis: canonical entities created on first sight, `mentions` edges from the
 * entry to each entity it names, and `related_via` edges between entities named together (how often, and via
 * which entries). Idempotent: edges are keyed by (from, to, type) and a re-run adds no duplicate `via`.
 */
export type EntityExtractor = (text: string) => Promise<ExtractedEntity[]>;
export const offlineEntityExtractor: EntityExtractor = async (text) => extractEntities(text);

export async function planEntityLinks(
  entries: ContainerStore,
  entry: EntryRecord,
  now: number,
  out: DerivedWrites,
  extract: EntityExtractor = offlineEntityExtractor,
): Promise<void> {
  const canonIds: string[] = [];
  for (const e of await extract(searchableText(entry.content))) {
    let id = (await entries.findEntity(e.entityType, e.key))?.id;
    if (!id) {
      const created = newEntity(e, now);
      out.entries.push(created);
      id = created.id;
    }
    canonIds.push(id);
    out.edges.push({ fromId: entry.id, toId: id, type: 'mentions', properties: { name: e.name } });
  }
  const paired = canonIds.slice(0, MAX_PAIRED).sort();
  for (let i = 0; i < paired.length; i++) {
    for (let j = i + 1; j < paired.length; j++) {
      const prev = await entries.getEdge(paired[i], paired[j], 'related_via');
      const via = (prev?.properties.via as string[] | undefined) ?? [];
      if (via.includes(entry.id)) continue;
      out.edges.push({
        fromId: paired[i],
        toId: paired[j],
        type: 'related_via',
        properties: { count: ((prev?.properties.count as number | undefined) ?? 0) + 1, via: [entry.id, ...via].slice(0, MAX_VIA) },
      });
    }
  }
}
