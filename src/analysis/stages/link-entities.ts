import { createHash, randomUUID } from 'node:crypto';
import type { ContainerStore, EntryRecord } from '../../store/types.js';
import { extractEntities, type ExtractedEntity } from '../entities/extract-entities.js';
import { searchableText } from '../../store/sqlite/searchable-text.js';

/** Co-occurrence edges grow quadratically: only the first entities of an entry are paired. */
const MAX_PAIRED = 12;
const MAX_VIA = 5;

/** The canonical entity entry for an extracted entity, created on first sight. */
async function canonicalEntity(entries: ContainerStore, e: ExtractedEntity, now: number): Promise<EntryRecord> {
  const existing = await entries.findEntity(e.entityType, e.key);
  if (existing) return existing;
  await entries.insertEntry({
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
  });
  return (await entries.findEntity(e.entityType, e.key))!;
}

/**
 * Entity stage of an entry's analysis: `mentions` edges from the entry to each canonical entity it names,
 * and `related_via` edges between entities named together (properties: how often, and via which entries).
 * Idempotent: edges are keyed by (from, to, type) and a re-run adds no duplicate `via`.
 */
export async function linkEntities(entries: ContainerStore, entry: EntryRecord, now: number): Promise<number> {
  const found = extractEntities(searchableText(entry.content));
  const canon: EntryRecord[] = [];
  for (const e of found) {
    const entity = await canonicalEntity(entries, e, now);
    canon.push(entity);
    await entries.insertEdge({ fromId: entry.id, toId: entity.id, type: 'mentions', properties: { name: e.name } });
  }
  const paired = canon.slice(0, MAX_PAIRED).sort((a, b) => a.id.localeCompare(b.id));
  for (let i = 0; i < paired.length; i++) {
    for (let j = i + 1; j < paired.length; j++) {
      const prev = await entries.getEdge(paired[i].id, paired[j].id, 'related_via');
      const via = (prev?.properties.via as string[] | undefined) ?? [];
      if (via.includes(entry.id)) continue;
      await entries.insertEdge({
        fromId: paired[i].id,
        toId: paired[j].id,
        type: 'related_via',
        properties: { count: ((prev?.properties.count as number | undefined) ?? 0) + 1, via: [entry.id, ...via].slice(0, MAX_VIA) },
      });
    }
  }
  return found.length;
}
