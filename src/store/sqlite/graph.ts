import type { EdgeRecord, EntryRecord } from '../types.js';
import type { Db } from './database.js';
import { toEdge, toEntry, type Row } from './rows.js';

/** Graph reads and writes of a container: edges, and the canonical entities they point at. */
export class SqliteGraph {
  constructor(private readonly db: Db) {}

  findEntity(entityType: string, key: string): EntryRecord | null {
    const r = this.db
      .prepare(
        `SELECT * FROM entries WHERE kind = 'entity'
           AND json_extract(properties, '$.entityType') = ? AND json_extract(properties, '$.key') = ? LIMIT 1`,
      )
      .get(entityType, key) as Row | undefined;
    return r ? toEntry(r) : null;
  }

  getEdge(fromId: string, toId: string, type: string): EdgeRecord | null {
    const r = this.db.prepare('SELECT * FROM edges WHERE from_id = ? AND to_id = ? AND type = ?').get(fromId, toId, type) as Row | undefined;
    return r ? toEdge(r) : null;
  }

  deleteOrphanEntities(): number {
    return this.db.transaction(() => {
      const orphans = this.db
        .prepare(
          `SELECT seq, id FROM entries e WHERE kind = 'entity'
             AND NOT EXISTS (SELECT 1 FROM edges WHERE to_id = e.id AND type = 'mentions')`,
        )
        .all() as Row[];
      for (const o of orphans) {
        this.db.prepare('DELETE FROM edges WHERE from_id = ? OR to_id = ?').run(o.id, o.id);
        this.db.prepare('DELETE FROM entries WHERE seq = ?').run(o.seq);
      }
      return orphans.length;
    }).immediate();
  }

  countEdgesTo(id: string, type: string): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM edges WHERE to_id = ? AND type = ?').get(id, type) as Row).n;
  }

  edgesFrom(id: string): EdgeRecord[] {
    return (this.db.prepare('SELECT * FROM edges WHERE from_id = ? ORDER BY id').all(id) as Row[]).map(toEdge);
  }

  edgesTo(id: string): EdgeRecord[] {
    return (this.db.prepare('SELECT * FROM edges WHERE to_id = ? ORDER BY id').all(id) as Row[]).map(toEdge);
  }

  deleteEdgesOf(id: string): number {
    return this.db.prepare('DELETE FROM edges WHERE from_id = ? OR to_id = ?').run(id, id).changes;
  }
}
