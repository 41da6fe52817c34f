import Database from 'better-sqlite3';
import type { Migration } from './migrations/migration.js';

export type Db = Database.Database;

/**
 * Opens a SQLite file the way every svc database is opened: WAL, foreign keys on, and
 * synchronous=FULL so an acknowledged write survives a crash or power loss, not only a killed process.
 */
export function openDatabase(file: string, migrations: Migration[]): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  applyMigrations(db, migrations);
  return db;
}

export function applyMigrations(db: Db, migrations: Migration[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map((r) => r.version),
  );
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  const isApplied = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?');
  for (const m of sorted) {
    if (applied.has(m.version)) continue;
    // Another process (`svc admin` beside a running daemon) may be migrating the same new file: take the
    // write lock first and look again, so each step runs exactly once.
    db.transaction(() => {
      if (isApplied.get(m.version)) return;
      if (typeof m.up === 'string') db.exec(m.up);
      else m.up(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
    }).immediate();
  }
}
