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
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  // IMMEDIATE takes the write lock before reading what is applied, so two processes opening the same new
  // database (the daemon and `svc admin`) cannot both apply a migration.
  db.transaction(() => {
    const applied = new Set(
      (db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map((r) => r.version),
    );
    for (const m of sorted) {
      if (applied.has(m.version)) continue;
      if (typeof m.up === 'string') db.exec(m.up);
      else m.up(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
    }
  }).immediate();
}
