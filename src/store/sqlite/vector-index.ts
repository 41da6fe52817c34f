import type { VectorHit, VectorIndex } from '../types.js';
import type { Db } from './database.js';

type Row = Record<string, any>;

const toBlob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
const fromBlob = (b: Buffer) => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));

/**
 * Exact KNN with sqlite-vec inside the container's own database file: vectors share the entries'
 * transactions, backups and deletes. The vec0 table is created on first use with the embedder's dimension
 * (recorded in vector_meta), because the dimension is a property of the configured model.
 */
export class SqliteVecIndex implements VectorIndex {
  readonly kind = 'sqlite-vec';

  constructor(private readonly db: Db) {}

  private meta(key: string): string | null {
    const r = this.db.prepare('SELECT value FROM vector_meta WHERE key = ?').get(key) as Row | undefined;
    return r ? String(r.value) : null;
  }

  private hasTable(): boolean {
    return !!this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'vec_entries'").get();
  }

  async prepare(embedderId: string, dimension: number): Promise<boolean> {
    if (this.meta('embedder') === embedderId && this.hasTable()) return false;
    this.db.transaction(() => {
      this.db.exec('DROP TABLE IF EXISTS vec_entries; DELETE FROM vector_keys;');
      this.db.exec(`CREATE VIRTUAL TABLE vec_entries USING vec0(embedding float[${dimension}] distance_metric=cosine)`);
      const set = this.db.prepare('INSERT INTO vector_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
      set.run('embedder', embedderId);
      set.run('dimension', String(dimension));
    })();
    // A new or changed index starts empty: the caller re-embeds whatever the container already holds.
    return true;
  }

  async upsert(items: Array<{ entryId: string; vector: Float32Array }>): Promise<void> {
    if (items.length === 0) return;
    const key = this.db.prepare('INSERT INTO vector_keys (entry_id) VALUES (?) ON CONFLICT (entry_id) DO UPDATE SET entry_id = excluded.entry_id RETURNING rowid');
    const del = this.db.prepare('DELETE FROM vec_entries WHERE rowid = ?');
    // sqlite-vec accepts only integer rowids; better-sqlite3 binds BigInt as INTEGER.
    const ins = this.db.prepare('INSERT INTO vec_entries (rowid, embedding) VALUES (?, ?)');
    this.db.transaction(() => {
      for (const { entryId, vector } of items) {
        const rowid = BigInt((key.get(entryId) as Row).rowid);
        del.run(rowid);
        ins.run(rowid, toBlob(vector));
      }
    })();
  }

  async remove(entryIds: string[]): Promise<void> {
    if (!this.hasTable() || entryIds.length === 0) return;
    const find = this.db.prepare('SELECT rowid FROM vector_keys WHERE entry_id = ?');
    const del = this.db.prepare('DELETE FROM vec_entries WHERE rowid = ?');
    const delKey = this.db.prepare('DELETE FROM vector_keys WHERE rowid = ?');
    this.db.transaction(() => {
      for (const id of entryIds) {
        const r = find.get(id) as Row | undefined;
        if (!r) continue;
        del.run(BigInt(r.rowid));
        delKey.run(r.rowid);
      }
    })();
  }

  async knn(vector: Float32Array, k: number): Promise<VectorHit[]> {
    if (!this.hasTable()) return [];
    const rows = this.db
      .prepare(
        `SELECT k.entry_id, v.distance, v.embedding FROM (SELECT rowid, distance, embedding FROM vec_entries WHERE embedding MATCH ? AND k = ?) v
         JOIN vector_keys k ON k.rowid = v.rowid ORDER BY v.distance`,
      )
      .all(toBlob(vector), k) as Row[];
    return rows.map((r) => ({ entryId: r.entry_id, distance: r.distance, vector: fromBlob(r.embedding) }));
  }

  async get(entryIds: string[]): Promise<Map<string, Float32Array>> {
    const out = new Map<string, Float32Array>();
    if (!this.hasTable()) return out;
    const stmt = this.db.prepare('SELECT v.embedding FROM vector_keys k JOIN vec_entries v ON v.rowid = k.rowid WHERE k.entry_id = ?');
    for (const id of entryIds) {
      const r = stmt.get(id) as Row | undefined;
      if (r) out.set(id, fromBlob(r.embedding));
    }
    return out;
  }

  async count(): Promise<number> {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM vector_keys').get() as Row).n;
  }

  async close(): Promise<void> {}
}
