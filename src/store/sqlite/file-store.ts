import type { ContainerFileStore, NewJob, StoredFile } from '../types.js';
import type { Db } from './database.js';

type Row = Record<string, any>;

const toFile = (r: Row): StoredFile => ({
  id: r.id,
  name: r.name,
  size: r.size,
  mimeType: r.mime_type,
  declaredType: r.declared_type,
  uploadedAt: r.uploaded_at,
  status: r.status,
  chunkCount: r.chunk_count,
  compositeId: r.composite_id,
  failureReason: r.failure_reason,
  source: r.source,
  sha256: r.sha256,
});

/** File records of one container, in the container's own database (same connection as its entries). */
export class SqliteFileStore implements ContainerFileStore {
  constructor(
    private readonly db: Db,
    private readonly insertJob: (job: NewJob) => void,
  ) {}

  async insert(f: StoredFile, job: NewJob | null): Promise<void> {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO files (id, name, size, mime_type, declared_type, uploaded_at, status, chunk_count, composite_id,
             failure_reason, source, sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(f.id, f.name, f.size, f.mimeType, f.declaredType, f.uploadedAt, f.status, f.chunkCount, f.compositeId, f.failureReason, f.source, f.sha256);
      if (job) this.insertJob(job);
    })();
  }

  async get(id: string): Promise<StoredFile | null> {
    const r = this.db.prepare('SELECT * FROM files WHERE id = ?').get(id) as Row | undefined;
    return r ? toFile(r) : null;
  }

  async list(): Promise<StoredFile[]> {
    return (this.db.prepare('SELECT * FROM files ORDER BY uploaded_at DESC, rowid DESC').all() as Row[]).map(toFile);
  }

  async totalBytes(): Promise<number> {
    return (this.db.prepare('SELECT COALESCE(SUM(size), 0) AS n FROM files').get() as Row).n;
  }

  async markProcessing(id: string): Promise<boolean> {
    return this.db.prepare("UPDATE files SET status = 'processing' WHERE id = ? AND status = 'pending'").run(id).changes === 1;
  }

  async setComposite(id: string, compositeId: string): Promise<void> {
    this.db.prepare('UPDATE files SET composite_id = ? WHERE id = ?').run(compositeId, id);
  }

  async markComplete(id: string, chunkCount: number): Promise<void> {
    this.db.prepare("UPDATE files SET status = 'complete', chunk_count = ?, failure_reason = NULL WHERE id = ?").run(chunkCount, id);
  }

  async markFailed(id: string, reason: string): Promise<void> {
    // chunkCount stays null for a failed file: no entries were kept (spec § File processing).
    this.db.prepare("UPDATE files SET status = 'failed', chunk_count = NULL, failure_reason = ? WHERE id = ?").run(reason, id);
  }

  async deleteUnlessProcessing(id: string): Promise<'deleted' | 'processing' | 'missing'> {
    return this.db.transaction(() => {
      const r = this.db.prepare('SELECT status FROM files WHERE id = ?').get(id) as Row | undefined;
      if (!r) return 'missing' as const;
      if (r.status === 'processing') return 'processing' as const;
      this.db.prepare('DELETE FROM files WHERE id = ?').run(id);
      return 'deleted' as const;
    })();
  }
}
