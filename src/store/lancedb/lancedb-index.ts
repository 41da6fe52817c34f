import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VectorHit, VectorIndex } from '../types.js';

type LanceModule = typeof import('@lancedb/lancedb');
type Table = Awaited<ReturnType<Awaited<ReturnType<LanceModule['connect']>>['openTable']>>;

/** Rows from which an ANN (IVF-PQ) index pays off; below it LanceDB's flat scan is exact and fast. */
export const ANN_MIN_ROWS = 10_000;
const TABLE = 'vectors';
const quote = (id: string) => `'${id.replace(/'/g, "''")}'`;

/**
 * The vector index for large containers: LanceDB in `<dataDir>/containers/<id>.lancedb`, with an IVF-PQ
 * approximate index built once the container holds ANN_MIN_ROWS vectors and refreshed as rows arrive
 * (unindexed rows are still searched, exactly). Same interface and keys as the sqlite-vec index.
 */
export class LanceDbIndex implements VectorIndex {
  readonly kind = 'lancedb';
  private table: Promise<Table | null> | null = null;
  private lance: LanceModule | null = null;
  private indexed = false;
  private pendingSinceIndex = 0;
  private preparing: Promise<boolean> | null = null;

  constructor(private readonly dir: string) {}

  private get metaFile(): string {
    return join(this.dir, 'svc-meta.json');
  }

  private meta(): { embedder: string; dimension: number } | null {
    return existsSync(this.metaFile) ? JSON.parse(readFileSync(this.metaFile, 'utf8')) : null;
  }

  private async db() {
    this.lance ??= await import('@lancedb/lancedb');
    mkdirSync(this.dir, { recursive: true });
    return this.lance.connect(this.dir);
  }

  private async open(): Promise<Table | null> {
    this.table ??= (async () => {
      const db = await this.db();
      if (!(await db.tableNames()).includes(TABLE)) return null;
      const t = await db.openTable(TABLE);
      this.indexed = (await t.listIndices()).some((i) => i.columns.includes('vector'));
      return t;
    })();
    const pending = this.table;
    const t = await pending;
    // "No table yet" is not remembered (prepare() creates it later), unless prepare already replaced it.
    if (!t && this.table === pending) this.table = null;
    return t;
  }

  async prepare(embedderId: string, dimension: number): Promise<boolean> {
    // Searches and analysis jobs call this concurrently; two creations would wipe each other's vectors.
    const run = (this.preparing ?? Promise.resolve(false)).catch(() => false).then(() => this.bind(embedderId, dimension));
    this.preparing = run;
    return run;
  }

  private async bind(embedderId: string, dimension: number): Promise<boolean> {
    const m = this.meta();
    if (m && m.embedder === embedderId && (await this.open())) return false;
    const db = await this.db();
    const arrow = await import('apache-arrow');
    const schema = new arrow.Schema([
      new arrow.Field('id', new arrow.Utf8(), false),
      new arrow.Field('vector', new arrow.FixedSizeList(dimension, new arrow.Field('item', new arrow.Float32(), true)), false),
    ]);
    this.table = Promise.resolve(await db.createEmptyTable(TABLE, schema, { mode: 'overwrite' }));
    this.indexed = false;
    writeFileSync(this.metaFile, JSON.stringify({ embedder: embedderId, dimension }));
    // A new or changed index starts empty: the caller re-embeds whatever the container already holds.
    return true;
  }

  async upsert(items: Array<{ entryId: string; vector: Float32Array }>): Promise<void> {
    const t = await this.open();
    if (!t || items.length === 0) return;
    await t
      .mergeInsert('id')
      .whenMatchedUpdateAll()
      .whenNotMatchedInsertAll()
      .execute(items.map((i) => ({ id: i.entryId, vector: Array.from(i.vector) })));
    this.pendingSinceIndex += items.length;
    await this.maintainIndex(t);
  }

  /** Builds the ANN index at ANN_MIN_ROWS, then folds new rows in (optimize) after every 10% growth. */
  private async maintainIndex(t: Table): Promise<void> {
    const rows = await t.countRows();
    if (!this.indexed && rows >= ANN_MIN_ROWS) {
      const { Index } = this.lance!;
      await t.createIndex('vector', {
        config: Index.ivfPq({ numPartitions: Math.max(16, Math.round(Math.sqrt(rows))), distanceType: 'cosine' }),
      });
      this.indexed = true;
      this.pendingSinceIndex = 0;
    } else if (this.indexed && this.pendingSinceIndex > rows / 10) {
      await t.optimize();
      this.pendingSinceIndex = 0;
    }
  }

  async remove(entryIds: string[]): Promise<void> {
    const t = await this.open();
    if (!t || entryIds.length === 0) return;
    for (let i = 0; i < entryIds.length; i += 500) await t.delete(`id IN (${entryIds.slice(i, i + 500).map(quote).join(',')})`);
  }

  async knn(vector: Float32Array, k: number): Promise<VectorHit[]> {
    const t = await this.open();
    if (!t) return [];
    let q = t.vectorSearch(Array.from(vector)).distanceType('cosine').limit(k);
    // Probe enough partitions and re-rank with full vectors so the ANN answer stays close to exact.
    if (this.indexed) q = q.nprobes(20).refineFactor(5);
    const rows = await q.select(['id', '_distance']).toArray();
    return rows.map((r: any) => ({ entryId: String(r.id), distance: Number(r._distance) }));
  }

  async get(entryIds: string[]): Promise<Map<string, Float32Array>> {
    const out = new Map<string, Float32Array>();
    const t = await this.open();
    if (!t || entryIds.length === 0) return out;
    const rows = await t.query().where(`id IN (${entryIds.map(quote).join(',')})`).select(['id', 'vector']).toArray();
    for (const r of rows as any[]) out.set(String(r.id), Float32Array.from(r.vector.toArray ? r.vector.toArray() : r.vector));
    return out;
  }

  async count(): Promise<number> {
    const t = await this.open();
    return t ? t.countRows() : 0;
  }

  async close(): Promise<void> {
    const t = await this.table;
    t?.close();
  }
}
