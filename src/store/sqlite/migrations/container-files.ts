import type { Migration } from './migration.js';

/** Uploaded file records (spec § File record). Versions 20–29 belong to files. */
export const containerFileMigrations: Migration[] = [
  {
    version: 20,
    name: 'uploaded files',
    up: `
      CREATE TABLE files (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        size INTEGER NOT NULL,
        mime_type TEXT NOT NULL,
        declared_type TEXT,
        uploaded_at INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending','processing','complete','skipped','failed')),
        chunk_count INTEGER,
        composite_id TEXT,
        failure_reason TEXT,
        source TEXT NOT NULL,
        sha256 TEXT NOT NULL
      );
      CREATE INDEX files_uploaded ON files(uploaded_at);
    `,
  },
];
