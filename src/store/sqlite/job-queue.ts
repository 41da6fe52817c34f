import type { JobRecord } from '../types.js';
import type { Db } from './database.js';
import { toJob, type Row } from './rows.js';

/** A container's durable job queue: jobs are rows, claimed one at a time, retried, resumed after a crash. */
export class SqliteJobQueue {
  constructor(private readonly db: Db) {}

  /** Synchronous on purpose: callers add jobs inside their own write transactions. */
  insert(job: { id: string; kind: string; payload: Record<string, unknown>; runAfter?: number }): void {
    const now = Date.now();
    this.db
      .prepare(
        `INSERT INTO jobs (id, kind, payload, status, attempts, run_after, created_at, updated_at)
         VALUES (?, ?, ?, 'queued', 0, ?, ?, ?)`,
      )
      .run(job.id, job.kind, JSON.stringify(job.payload), job.runAfter ?? now, now, now);
  }

  claim(now: number, excludeKinds: readonly string[] = []): JobRecord | null {
    // IMMEDIATE: another process (`svc mcp --data-dir` beside `svc serve`) may claim from the same queue; a
    // deferred read-then-write transaction would fail with SQLITE_BUSY instead of waiting for the lock.
    return this.db.transaction(() => {
      const skip = excludeKinds.length ? `AND kind NOT IN (${excludeKinds.map(() => '?').join(',')})` : '';
      const r = this.db
        .prepare(`SELECT * FROM jobs WHERE status = 'queued' AND run_after <= ? ${skip} ORDER BY run_after, created_at LIMIT 1`)
        .get(now, ...excludeKinds) as Row | undefined;
      if (!r) return null;
      this.db.prepare("UPDATE jobs SET status = 'running', attempts = attempts + 1, updated_at = ? WHERE id = ?").run(now, r.id);
      return toJob({ ...r, status: 'running', attempts: r.attempts + 1 });
    }).immediate();
  }

  complete(id: string): void {
    this.db.prepare("UPDATE jobs SET status = 'done', last_error = NULL, updated_at = ? WHERE id = ?").run(Date.now(), id);
  }

  fail(id: string, error: string, retryAt: number | null): void {
    if (retryAt === null) {
      this.db.prepare("UPDATE jobs SET status = 'failed', last_error = ?, updated_at = ? WHERE id = ?").run(error, Date.now(), id);
    } else {
      this.db
        .prepare("UPDATE jobs SET status = 'queued', last_error = ?, run_after = ?, updated_at = ? WHERE id = ?")
        .run(error, retryAt, Date.now(), id);
    }
  }

  requeueRunning(): number {
    return this.db.prepare("UPDATE jobs SET status = 'queued', updated_at = ? WHERE status = 'running'").run(Date.now()).changes;
  }

  hasRunnable(now: number): boolean {
    return !!this.db.prepare("SELECT 1 FROM jobs WHERE status = 'queued' AND run_after <= ? LIMIT 1").get(now);
  }

  pendingCount(): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE status IN ('queued','running')").get() as Row).n;
  }
}
