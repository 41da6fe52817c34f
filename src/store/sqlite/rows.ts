import type { EdgeRecord, EntryRecord, JobRecord } from '../types.js';

/** Rows as better-sqlite3 returns them. */
export type Row = Record<string, any>;


export function toEntry(r: Row): EntryRecord {
  return {
    id: r.id,
    kind: r.kind,
    content: r.content_type === 'structured' ? JSON.parse(r.content) : r.content,
    contentType: r.content_type,
    source: r.source,
    tags: JSON.parse(r.tags),
    properties: JSON.parse(r.properties),
    createdAt: r.created_at,
    ingestedAt: r.ingested_at,
    object: r.object,
    parentId: r.parent_id,
    compositeType: r.composite_type,
    chunkIndex: r.chunk_index,
    totalChunks: r.total_chunks,
    analyzedAt: r.analyzed_at,
    contentHash: r.content_hash,
    fields: r.fields ? JSON.parse(r.fields) : null,
  };
}

export function toEdge(r: Row): EdgeRecord {
  return { fromId: r.from_id, toId: r.to_id, type: r.type, properties: JSON.parse(r.properties) };
}

export function toJob(r: Row): JobRecord {
  return {
    id: r.id,
    kind: r.kind,
    payload: JSON.parse(r.payload),
    status: r.status,
    attempts: r.attempts,
    runAfter: r.run_after,
    lastError: r.last_error,
  };
}
