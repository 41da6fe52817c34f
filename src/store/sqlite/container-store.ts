import { randomUUID } from 'node:crypto';
import * as sqliteVec from 'sqlite-vec';
import { STOPWORDS } from '../../ai/text-terms.js';
import type {
  ContainerFileStore,
  ContainerStore,
  EdgeRecord,
  EntryCounts,
  EntryListQuery,
  EntryRecord,
  JobRecord,
  NewEntry,
  NewJob,
  ObjectProfileRecord,
  ObjectProfileUpdate,
  ObjectRowRecord,
  ObjectSchemaDeclaration,
  TextHit,
  VectorIndex,
} from '../types.js';
import { openDatabase, type Db } from './database.js';
import { SqliteFileStore } from './file-store.js';
import { containerMigrations } from './migrations/container.js';
import { containerFileMigrations } from './migrations/container-files.js';
import { ObjectTables } from './object-tables.js';
import { SqliteGraph } from './graph.js';
import { SqliteJobQueue } from './job-queue.js';
import { toEdge, toEntry, type Row } from './rows.js';
import { searchableText } from './searchable-text.js';
import { createVectorIndex } from './vector-index-factory.js';

// Entries a user or agent wrote (listed by explore). Chunks, composites of uploads and canonical
// entities are reachable through their own views.
const LISTED_KINDS = "kind = 'entry'";
// Subject to analysis: everything except canonical entities and system shells (spec § Container counts).
const ELIGIBLE_KINDS = "kind IN ('entry','chunk')";

export class SqliteContainerStore implements ContainerStore {
  readonly containerId: string;
  readonly vectors: VectorIndex;
  private readonly db: Db;
  readonly files: ContainerFileStore;

  private readonly objects: ObjectTables;
  private readonly file: string;
  private readonly jobs: SqliteJobQueue;
  private readonly graph: SqliteGraph;

  constructor(containerId: string, file: string) {
    this.containerId = containerId;
    this.file = file;
    this.db = openDatabase(file, [...containerMigrations, ...containerFileMigrations]);
    sqliteVec.load(this.db);
    this.vectors = createVectorIndex(this.db, file);
    this.jobs = new SqliteJobQueue(this.db);
    this.graph = new SqliteGraph(this.db);
    this.objects = new ObjectTables(this.db);
    this.files = new SqliteFileStore(this.db, (job) => this.insertJob(job));
  }

  async insertObjectEntry(e: NewEntry, job: { id: string; kind: string; payload: Record<string, unknown> }, update: ObjectProfileUpdate): Promise<void> {
    this.db.transaction(() => {
      this.insertEntryRow(e);
      this.insertJob(job);
      this.objects.applyUpdate(update, Date.now());
    }).immediate(); // the profile update reads then writes: take the write lock up front
  }

  async listObjectProfiles(object?: string): Promise<ObjectProfileRecord[]> {
    return this.objects.profiles(object);
  }

  async declareObjectSchema(decl: ObjectSchemaDeclaration): Promise<ObjectProfileRecord> {
    return this.objects.declare(decl, Date.now());
  }

  async objectsVersion(): Promise<number> {
    return this.objects.version();
  }

  async listObjectRows(): Promise<ObjectRowRecord[]> {
    return this.objects.rows();
  }

  async findObjectRowsByField(name: string, values: string[]): Promise<ObjectRowRecord[]> {
    return this.objects.rowsByField(name, values);
  }

  databaseFile(): string | null {
    return this.file;
  }

  async findObjectRowsReferencing(value: string): Promise<Array<{ row: ObjectRowRecord; field: string }>> {
    return this.objects.rowsReferencing(value);
  }

  async insertEntry(e: NewEntry, job?: { id: string; kind: string; payload: Record<string, unknown> }): Promise<void> {
    this.db.transaction(() => {
      this.insertEntryRow(e);
      if (job) this.insertJob(job);
    })();
  }

  async writeDerived(d: { entries?: NewEntry[]; edges?: EdgeRecord[]; analyzed?: { id: string; at: number } }): Promise<void> {
    this.db.transaction(() => {
      for (const e of d.entries ?? []) this.insertEntryRow(e);
      for (const edge of d.edges ?? []) this.upsertEdge(edge);
      if (d.analyzed) this.db.prepare('UPDATE entries SET analyzed_at = ? WHERE id = ?').run(d.analyzed.at, d.analyzed.id);
    }).immediate();
  }

  async insertEntries(batch: { entries: NewEntry[]; edges: EdgeRecord[]; jobs: NewJob[] }): Promise<void> {
    this.db.transaction(() => {
      for (const e of batch.entries) this.insertEntryRow(e);
      for (const edge of batch.edges) this.upsertEdge(edge);
      for (const job of batch.jobs) this.insertJob(job);
    }).immediate();
  }

  async deleteEntries(items: Array<{ id: string; job: NewJob }>): Promise<number> {
    return this.db.transaction(() => {
      let n = 0;
      const find = this.db.prepare('SELECT seq FROM entries WHERE id = ?');
      for (const item of items) {
        const row = find.get(item.id) as Row | undefined;
        if (!row) continue;
        this.db.prepare('DELETE FROM entries_fts WHERE rowid = ?').run(row.seq);
        this.db.prepare('DELETE FROM entries WHERE seq = ?').run(row.seq);
        this.insertJob(item.job);
        n++;
      }
      return n;
    }).immediate();
  }

  private insertEntryRow(e: NewEntry): void {
    const content = typeof e.content === 'string' ? e.content : JSON.stringify(e.content);
    const { lastInsertRowid: seq } = this.db
      .prepare(
        `INSERT INTO entries (id, kind, content, content_type, source, tags, properties, created_at, ingested_at,
           object, parent_id, composite_type, chunk_index, total_chunks, content_hash, fields)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        e.id,
        e.kind,
        content,
        e.contentType,
        e.source,
        JSON.stringify(e.tags),
        JSON.stringify(e.properties),
        e.createdAt,
        e.ingestedAt,
        e.object,
        e.parentId,
        e.compositeType,
        e.chunkIndex,
        e.totalChunks,
        e.contentHash,
        e.fields ? JSON.stringify(e.fields) : null,
      );
    const tagStmt = this.db.prepare('INSERT OR IGNORE INTO entry_tags (seq, tag) VALUES (?, ?)');
    for (const tag of e.tags) tagStmt.run(seq, tag);
    if (e.kind !== 'entity') this.db.prepare('INSERT INTO entries_fts (rowid, text) VALUES (?, ?)').run(seq, searchableText(e.content));
  }

  async getEntry(id: string): Promise<EntryRecord | null> {
    const r = this.db.prepare('SELECT * FROM entries WHERE id = ?').get(id) as Row | undefined;
    return r ? toEntry(r) : null;
  }

  async listEntries(q: EntryListQuery): Promise<EntryRecord[]> {
    const rows = q.tag
      ? this.db
          .prepare(
            `SELECT e.* FROM entry_tags t JOIN entries e ON e.seq = t.seq
             WHERE t.tag = ? AND e.${LISTED_KINDS} ORDER BY e.seq DESC LIMIT ? OFFSET ?`,
          )
          .all(q.tag, q.limit, q.offset)
      : this.db.prepare(`SELECT * FROM entries WHERE ${LISTED_KINDS} ORDER BY seq DESC LIMIT ? OFFSET ?`).all(q.limit, q.offset);
    return (rows as Row[]).map(toEntry);
  }

  async deleteEntry(id: string, job: { id: string; kind: string; payload: Record<string, unknown> }): Promise<boolean> {
    return this.db.transaction(() => {
      const row = this.db.prepare('SELECT seq FROM entries WHERE id = ?').get(id) as Row | undefined;
      if (!row) return false;
      // The row leaves its object's table and profile counts in the same transaction (spec: rows follow deletes).
      this.objects.forgetRow(id);
      this.db.prepare('DELETE FROM entries_fts WHERE rowid = ?').run(row.seq);
      this.db.prepare('DELETE FROM entries WHERE seq = ?').run(row.seq);
      this.insertJob(job);
      return true;
    }).immediate();
  }

  async listChildren(parentId: string): Promise<EntryRecord[]> {
    return (this.db.prepare('SELECT * FROM entries WHERE parent_id = ? ORDER BY chunk_index, seq').all(parentId) as Row[]).map(toEntry);
  }

  async deleteChildren(parentId: string): Promise<number> {
    return this.db.transaction(() => {
      const rows = this.db.prepare('SELECT seq FROM entries WHERE parent_id = ?').all(parentId) as Row[];
      const delFts = this.db.prepare('DELETE FROM entries_fts WHERE rowid = ?');
      const delEntry = this.db.prepare('DELETE FROM entries WHERE seq = ?');
      for (const r of rows) {
        delFts.run(r.seq);
        delEntry.run(r.seq);
      }
      return rows.length;
    }).immediate();
  }

  async markAnalyzed(id: string, at: number): Promise<void> {
    this.db.prepare('UPDATE entries SET analyzed_at = ? WHERE id = ?').run(at, id);
  }




  async fullTextNeighbors(query: string, limit: number): Promise<Array<{ id: string; score: number }>> {
    if (!query.trim()) return [];
    const rows = this.db
      .prepare(
        `SELECT e.id, bm25(entries_fts) AS rank FROM entries_fts JOIN entries e ON e.seq = entries_fts.rowid
         WHERE entries_fts MATCH ? AND e.kind IN ('entry','chunk') ORDER BY rank LIMIT ?`,
      )
      .all(query, limit) as Row[];
    return rows.map((r) => ({ id: r.id, score: -r.rank }));
  }

  async findByContentHash(hash: string): Promise<EntryRecord[]> {
    return (this.db.prepare('SELECT * FROM entries WHERE content_hash = ? ORDER BY seq').all(hash) as Row[]).map(toEntry);
  }

  async canonicalObjectName(name: string): Promise<string | null> {
    // Profiles outlive their rows, so an object keeps its first spelling after all its rows are deleted.
    const profiled = this.objects.canonicalName(name);
    if (profiled) return profiled;
    const r = this.db.prepare('SELECT object FROM entries WHERE object = ? COLLATE NOCASE ORDER BY seq LIMIT 1').get(name) as Row | undefined;
    return r ? (r.object as string) : null;
  }

  async listByKind(kind: EntryRecord['kind'], limit: number): Promise<EntryRecord[]> {
    return (this.db.prepare('SELECT * FROM entries WHERE kind = ? ORDER BY seq DESC LIMIT ?').all(kind, limit) as Row[]).map(toEntry);
  }

  async listEntityTypes(limit: number): Promise<string[]> {
    const rows = this.db
      .prepare(
        `SELECT json_extract(properties, '$.entityType') AS t, COUNT(*) AS n FROM entries
         WHERE kind = 'entity' AND t IS NOT NULL GROUP BY t ORDER BY n DESC, t LIMIT ?`,
      )
      .all(limit) as Row[];
    return rows.map((r) => String(r.t));
  }




  async insertEdge(edge: EdgeRecord): Promise<void> {
    this.upsertEdge(edge);
  }

  private upsertEdge(edge: EdgeRecord): void {
    this.db
      .prepare(
        `INSERT INTO edges (from_id, to_id, type, properties, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (from_id, to_id, type) DO UPDATE SET properties = excluded.properties`,
      )
      .run(edge.fromId, edge.toId, edge.type, JSON.stringify(edge.properties), Date.now());
  }


  async counts(): Promise<EntryCounts> {
    const r = this.db
      .prepare(
        `SELECT COUNT(*) AS total,
                SUM(CASE WHEN ${ELIGIBLE_KINDS} THEN 1 ELSE 0 END) AS eligible,
                SUM(CASE WHEN ${ELIGIBLE_KINDS} AND analyzed_at IS NOT NULL THEN 1 ELSE 0 END) AS analyzed,
                SUM(CASE WHEN kind = 'composite' OR (kind = 'entry' AND total_chunks IS NOT NULL) THEN 1 ELSE 0 END) AS composites
         FROM entries`,
      )
      .get() as Row;
    const types = this.db
      .prepare("SELECT COUNT(DISTINCT json_extract(properties, '$.entityType')) AS n FROM entries WHERE kind = 'entity'")
      .get() as Row;
    return {
      total: r.total ?? 0,
      eligible: r.eligible ?? 0,
      analyzed: r.analyzed ?? 0,
      composites: r.composites ?? 0,
      entityTypes: types.n ?? 0,
    };
  }

  // Edges and canonical entities, kept in their own module.
  findEntity: ContainerStore['findEntity'] = async (type, key) => this.graph.findEntity(type, key);
  getEdge: ContainerStore['getEdge'] = async (from, to, type) => this.graph.getEdge(from, to, type);
  deleteOrphanEntities: ContainerStore['deleteOrphanEntities'] = async () => this.graph.deleteOrphanEntities();
  countEdgesTo: ContainerStore['countEdgesTo'] = async (id, type) => this.graph.countEdgesTo(id, type);
  edgesFrom: ContainerStore['edgesFrom'] = async (id) => this.graph.edgesFrom(id);
  edgesTo: ContainerStore['edgesTo'] = async (id) => this.graph.edgesTo(id);
  deleteEdgesOf: ContainerStore['deleteEdgesOf'] = async (id) => this.graph.deleteEdgesOf(id);

  // Job queue (durable background work), kept in its own module.
  private insertJob(job: { id: string; kind: string; payload: Record<string, unknown>; runAfter?: number }): void {
    this.jobs.insert(job);
  }
  enqueueJob: ContainerStore['enqueueJob'] = async (job) => this.jobs.insert(job);
  claimJob: ContainerStore['claimJob'] = async (now, excludeKinds) => this.jobs.claim(now, excludeKinds);
  completeJob: ContainerStore['completeJob'] = async (id) => this.jobs.complete(id);
  failJob: ContainerStore['failJob'] = async (id, error, retryAt) => this.jobs.fail(id, error, retryAt);
  requeueRunningJobs: ContainerStore['requeueRunningJobs'] = async () => this.jobs.requeueRunning();
  hasRunnableJobs: ContainerStore['hasRunnableJobs'] = async (now) => this.jobs.hasRunnable(now);
  pendingJobCount: ContainerStore['pendingJobCount'] = async () => this.jobs.pendingCount();

  async close(): Promise<void> {
    await this.vectors.close();
    this.db.close();
  }

  async textSearch(query: string, limit: number): Promise<TextHit[]> {
    const match = ftsMatchExpression(query);
    if (!match) return [];
    // Rank inside FTS alone (a plain MATCH … ORDER BY rank LIMIT keeps FTS5's top-k path; a join around it
    // does not), then look the rows up and drop kinds that are not searchable.
    const ranked = this.db
      .prepare('SELECT rowid, rank FROM entries_fts WHERE entries_fts MATCH ? ORDER BY rank LIMIT ?')
      .all(match, limit * 2) as Row[];
    const lookup = this.db.prepare('SELECT id, kind, total_chunks FROM entries WHERE seq = ?');
    const rows: Row[] = [];
    for (const r of ranked) {
      const e = lookup.get(r.rowid) as Row | undefined;
      if (e && (e.kind === 'chunk' || (e.kind === 'entry' && e.total_chunks === null))) rows.push({ id: e.id, rank: r.rank });
    }
    return rows.slice(0, limit).map((r) => ({ entryId: r.id, score: -r.rank }));
  }

  async replaceChunks(parentId: string, compositeType: string, chunks: NewEntry[]): Promise<void> {
    this.db.transaction(() => {
      const parent = this.db.prepare('SELECT seq FROM entries WHERE id = ?').get(parentId) as Row | undefined;
      if (!parent) return;
      const old = this.db.prepare('SELECT seq, id FROM entries WHERE parent_id = ?').all(parentId) as Row[];
      for (const r of old) {
        this.db.prepare('DELETE FROM entries_fts WHERE rowid = ?').run(r.seq);
        this.db.prepare('DELETE FROM entries WHERE seq = ?').run(r.seq);
        this.db.prepare('DELETE FROM edges WHERE from_id = ? OR to_id = ?').run(r.id, r.id);
      }
      const ins = this.db.prepare(
        `INSERT INTO entries (id, kind, content, content_type, source, tags, properties, created_at, ingested_at,
           object, parent_id, composite_type, chunk_index, total_chunks, content_hash, fields)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const fts = this.db.prepare('INSERT INTO entries_fts (rowid, text) VALUES (?, ?)');
      const edge = this.db.prepare(
        `INSERT INTO edges (from_id, to_id, type, properties, created_at) VALUES (?, ?, 'part_of', ?, ?)
         ON CONFLICT (from_id, to_id, type) DO UPDATE SET properties = excluded.properties`,
      );
      for (const c of chunks) {
        const content = typeof c.content === 'string' ? c.content : JSON.stringify(c.content);
        const { lastInsertRowid: seq } = ins.run(
          c.id, c.kind, content, c.contentType, c.source, JSON.stringify(c.tags), JSON.stringify(c.properties), c.createdAt,
          c.ingestedAt, c.object, c.parentId, c.compositeType, c.chunkIndex, c.totalChunks, c.contentHash, null,
        );
        fts.run(seq, searchableText(c.content));
        edge.run(c.id, parentId, JSON.stringify({ chunkIndex: c.chunkIndex }), Date.now());
      }
      this.db.prepare('DELETE FROM entries_fts WHERE rowid = ?').run(parent.seq);
      this.db.prepare('UPDATE entries SET composite_type = ?, total_chunks = ? WHERE seq = ?').run(compositeType, chunks.length, parent.seq);
    })();
  }

  async getEntries(ids: string[]): Promise<EntryRecord[]> {
    if (ids.length === 0) return [];
    const out: EntryRecord[] = [];
    // Chunked to stay under SQLite's bound-parameter limit.
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      const rows = this.db.prepare(`SELECT * FROM entries WHERE id IN (${part.map(() => '?').join(',')})`).all(...part) as Row[];
      out.push(...rows.map(toEntry));
    }
    return out;
  }

  async instanceGroupId(contentHash: string): Promise<string> {
    this.db
      .prepare('INSERT INTO instance_groups (id, content_hash, created_at) VALUES (?, ?, ?) ON CONFLICT (content_hash) DO NOTHING')
      .run(randomUUID(), contentHash, Date.now());
    return (this.db.prepare('SELECT id FROM instance_groups WHERE content_hash = ?').get(contentHash) as Row).id;
  }

  async edgeTypeCounts(ids: string[]): Promise<Map<string, Record<string, number>>> {
    const out = new Map<string, Record<string, number>>();
    const stmt = this.db.prepare(
      `SELECT type, COUNT(*) AS n FROM (SELECT type FROM edges WHERE from_id = ? UNION ALL SELECT type FROM edges WHERE to_id = ?)
       GROUP BY type ORDER BY type`,
    );
    for (const id of ids) {
      const counts: Record<string, number> = {};
      for (const r of stmt.all(id, id) as Row[]) counts[r.type] = r.n;
      out.set(id, counts);
    }
    return out;
  }

  async listSearchableIds(all: boolean, limit = -1): Promise<string[]> {
    const rows = this.db
      .prepare(`SELECT id FROM entries WHERE kind IN ('entry','chunk') ${all ? '' : 'AND analyzed_at IS NULL'} ORDER BY seq LIMIT ?`)
      .all(limit) as Row[];
    return rows.map((r) => r.id);
  }

  async markAnalyzedMany(ids: string[], at: number): Promise<void> {
    const stmt = this.db.prepare('UPDATE entries SET analyzed_at = ? WHERE id = ?');
    this.db.transaction(() => {
      for (const id of ids) stmt.run(at, id);
    })();
  }

  async requeueAnalysis(ids: string[], kind: string): Promise<void> {
    this.db.transaction(() => {
      for (const id of ids) {
        this.db.prepare('UPDATE entries SET analyzed_at = NULL WHERE id = ?').run(id);
        this.insertJob({ id: randomUUID(), kind, payload: { entryId: id } });
      }
    })();
  }
}

/**
 * Free text to an FTS5 expression: every word becomes a quoted term (so `AND`, `-`, `*` or quotes in a
 * query are just text), joined with OR so BM25 ranks documents by how many and how rare the matched terms are.
 * Stopwords are left out when the query has other words: they add almost nothing to BM25 (tiny IDF) but
 * their posting lists hold nearly every row, which is most of the query's cost in a large container.
 */
function ftsMatchExpression(query: string): string | null {
  const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])];
  if (words.length === 0) return null;
  const content = words.filter((w) => !STOPWORDS.has(w));
  return (content.length ? content : words).slice(0, 64).map((w) => `"${w}"`).join(' OR ');
}
