import type { Migration } from './migration.js';

export const controlMigrations: Migration[] = [
  {
    version: 1,
    name: 'organizations, users, containers, keys, toggles, credits',
    up: `
      CREATE TABLE orgs (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0),
        created_at INTEGER NOT NULL
      );
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        name TEXT NOT NULL,
        password_hash TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE memberships (
        org_id TEXT NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('owner','admin','member')),
        PRIMARY KEY (org_id, user_id)
      );
      CREATE TABLE containers (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES orgs(id),
        name TEXT NOT NULL,
        is_public INTEGER NOT NULL DEFAULT 0,
        is_ephemeral INTEGER NOT NULL DEFAULT 0,
        paused INTEGER NOT NULL DEFAULT 0,
        initialization_status TEXT NOT NULL DEFAULT 'pending',
        analysis_cadence TEXT NOT NULL DEFAULT 'automatic',
        created_by TEXT REFERENCES users(id),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX containers_org ON containers(org_id);
      CREATE TABLE container_grants (
        container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        permission TEXT NOT NULL CHECK (permission IN ('read','editor','admin')),
        PRIMARY KEY (container_id, user_id)
      );
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES orgs(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        container_id TEXT REFERENCES containers(id),
        name TEXT NOT NULL,
        hash TEXT NOT NULL,
        source_badge TEXT NOT NULL DEFAULT 'dashboard',
        created_at INTEGER NOT NULL,
        expires_at INTEGER,
        last_used_at INTEGER,
        disabled_at INTEGER,
        deleted_at INTEGER
      );
      CREATE INDEX api_keys_org ON api_keys(org_id);
      CREATE TABLE tool_toggles (
        container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
        tool TEXT NOT NULL,
        transport TEXT NOT NULL CHECK (transport IN ('rest','mcp')),
        enabled INTEGER NOT NULL,
        PRIMARY KEY (container_id, tool, transport)
      );
      CREATE TABLE credit_ledger (
        id INTEGER PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES orgs(id),
        container_id TEXT,
        tool TEXT,
        amount INTEGER NOT NULL,
        reason TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX credit_ledger_org ON credit_ledger(org_id, at);
    `,
  },
  {
    version: 30,
    name: 'manual analysis requests',
    up: `ALTER TABLE containers ADD COLUMN analysis_requested_at INTEGER;`,
  },
  {
    version: 31,
    name: 'claim links',
    up: `
      CREATE TABLE claim_links (
        token_hash TEXT PRIMARY KEY,
        container_id TEXT NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );
      CREATE INDEX claim_links_container ON claim_links(container_id);
    `,
  },
  {
    version: 2,
    name: 'oauth clients, codes, sessions, refresh tokens, web sessions',
    up: `
      CREATE TABLE oauth_clients (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        redirect_uris TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE oauth_codes (
        code_hash TEXT PRIMARY KEY,
        client_id TEXT NOT NULL REFERENCES oauth_clients(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        redirect_uri TEXT NOT NULL,
        code_challenge TEXT NOT NULL,
        resource TEXT NOT NULL,
        scope TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER,
        session_id TEXT
      );
      CREATE TABLE oauth_sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        client_id TEXT NOT NULL REFERENCES oauth_clients(id) ON DELETE CASCADE,
        resource TEXT NOT NULL,
        scope TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        revoked_at INTEGER
      );
      CREATE TABLE oauth_refresh_tokens (
        hash TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES oauth_sessions(id) ON DELETE CASCADE,
        expires_at INTEGER NOT NULL,
        used_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX oauth_refresh_tokens_session ON oauth_refresh_tokens(session_id);
      CREATE TABLE web_sessions (
        id_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
    `,
  },
];
