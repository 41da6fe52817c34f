import type { Migration } from './migration.js';

export const containerMigrations: Migration[] = [
  {
    version: 1,
    name: 'entries, tags, full-text index, jobs',
    up: `
      CREATE TABLE entries (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('entry','composite','chunk','entity')),
        content TEXT NOT NULL,
        content_type TEXT NOT NULL,
        source TEXT NOT NULL,
        tags TEXT NOT NULL DEFAULT '[]',
        properties TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL,
        ingested_at INTEGER NOT NULL,
        object TEXT,
        parent_id TEXT,
        composite_type TEXT,
        chunk_index INTEGER,
        total_chunks INTEGER,
        analyzed_at INTEGER,
        -- sha256 of the whitespace-normalised content: instances of the same content share it.
        content_hash TEXT NOT NULL,
        -- queryable values of an object row (spec § svc_write \`fields\`)
        fields TEXT
      );
      CREATE INDEX entries_hash ON entries(content_hash);
      CREATE INDEX entries_object ON entries(object COLLATE NOCASE);
      CREATE INDEX entries_kind ON entries(kind, seq);
      CREATE INDEX entries_parent ON entries(parent_id, chunk_index);
      CREATE TABLE entry_tags (
        seq INTEGER NOT NULL REFERENCES entries(seq) ON DELETE CASCADE,
        tag TEXT NOT NULL,
        PRIMARY KEY (tag, seq)
      );
      CREATE INDEX entry_tags_seq ON entry_tags(seq);
      -- Contentless FTS: the text lives in entries; rowid = entries.seq.
      CREATE VIRTUAL TABLE entries_fts USING fts5(text, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2');
      CREATE TABLE edges (
        id INTEGER PRIMARY KEY,
        from_id TEXT NOT NULL,
        to_id TEXT NOT NULL,
        type TEXT NOT NULL,
        properties TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL,
        UNIQUE (from_id, to_id, type)
      );
      CREATE INDEX edges_from ON edges(from_id, type);
      CREATE INDEX edges_to ON edges(to_id, type);
      CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('queued','running','done','failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        run_after INTEGER NOT NULL,
        last_error TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX jobs_runnable ON jobs(status, run_after);
    `,
  },
  {
    version: 10,
    name: 'object profiles, profiled fields, objects version',
    up: `
      -- One profile per (object, source); object holds the canonical spelling (spec § Object).
      CREATE TABLE object_profiles (
        id TEXT PRIMARY KEY,
        object TEXT NOT NULL,
        source TEXT NOT NULL,
        mode TEXT NOT NULL CHECK (mode IN ('declared','accreted')),
        key_field TEXT,
        seen INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX object_profiles_key ON object_profiles(object COLLATE NOCASE, source);
      CREATE TABLE object_fields (
        profile_id TEXT NOT NULL REFERENCES object_profiles(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        present INTEGER NOT NULL DEFAULT 0,
        position INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX object_fields_key ON object_fields(profile_id, name COLLATE NOCASE);
      CREATE TABLE object_state (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
      INSERT INTO object_state (id, version) VALUES (1, 0);
    `,
  },
  {
    version: 30,
    name: 'canonical entity lookup',
    up: `
      CREATE INDEX entries_entity_key ON entries(json_extract(properties, '$.entityType'), json_extract(properties, '$.key'))
        WHERE kind = 'entity';
    `,
  },
  {
    version: 2,
    name: 'vector index keys and metadata, duplicate groups',
    up: `
      -- Vector rows (sqlite-vec vec0, created on first use with the embedder's dimension) are keyed by
      -- this table's rowid, so a purge can find an entry's vector after the entry row is gone.
      CREATE TABLE vector_keys (
        rowid INTEGER PRIMARY KEY,
        entry_id TEXT NOT NULL UNIQUE
      );
      CREATE TABLE vector_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      -- One instance record per group of identical content (spec § Search match _meta.svc.instanceId).
      CREATE TABLE instance_groups (
        id TEXT PRIMARY KEY,
        content_hash TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL
      );
    `,
  },
];
