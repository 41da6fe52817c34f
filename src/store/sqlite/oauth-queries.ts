import { randomUUID } from 'node:crypto';
import type {
  AuthCodeRecord,
  OAuthClientRecord,
  OAuthControlStore,
  OAuthSessionRecord,
  OrgRole,
  RefreshTokenRecord,
  UserRecord,
  WebSessionRecord,
} from '../types.js';
import type { Db } from './database.js';

type Row = Record<string, any>;

const toClient = (r: Row): OAuthClientRecord => ({ id: r.id, name: r.name, redirectUris: JSON.parse(r.redirect_uris), createdAt: r.created_at });
const toCode = (r: Row): AuthCodeRecord => ({
  codeHash: r.code_hash,
  clientId: r.client_id,
  userId: r.user_id,
  redirectUri: r.redirect_uri,
  codeChallenge: r.code_challenge,
  resource: r.resource,
  scope: r.scope,
  expiresAt: r.expires_at,
  usedAt: r.used_at,
  sessionId: r.session_id,
});
const toSession = (r: Row): OAuthSessionRecord => ({
  id: r.id,
  userId: r.user_id,
  clientId: r.client_id,
  resource: r.resource,
  scope: r.scope,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});
const toRefresh = (r: Row): RefreshTokenRecord => ({ hash: r.hash, sessionId: r.session_id, expiresAt: r.expires_at, usedAt: r.used_at, createdAt: r.created_at });

/** The SQLite side of the OAuth server's state; SqliteControlStore delegates to it to stay small. */
export class OAuthQueries implements OAuthControlStore {
  constructor(private readonly db: Db) {}

  async createOAuthClient(c: { name: string; redirectUris: string[] }): Promise<OAuthClientRecord> {
    const rec = { id: randomUUID(), name: c.name, redirectUris: c.redirectUris, createdAt: Date.now() };
    this.db.prepare('INSERT INTO oauth_clients (id, name, redirect_uris, created_at) VALUES (?, ?, ?, ?)').run(rec.id, rec.name, JSON.stringify(rec.redirectUris), rec.createdAt);
    return rec;
  }

  async getOAuthClient(id: string): Promise<OAuthClientRecord | null> {
    const r = this.db.prepare('SELECT * FROM oauth_clients WHERE id = ?').get(id) as Row | undefined;
    return r ? toClient(r) : null;
  }

  async saveAuthCode(c: Omit<AuthCodeRecord, 'usedAt' | 'sessionId'>): Promise<void> {
    this.db
      .prepare(
        'INSERT INTO oauth_codes (code_hash, client_id, user_id, redirect_uri, code_challenge, resource, scope, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(c.codeHash, c.clientId, c.userId, c.redirectUri, c.codeChallenge, c.resource, c.scope, c.expiresAt);
  }

  async useAuthCode(codeHash: string, at: number): Promise<{ code: AuthCodeRecord; firstUse: boolean } | null> {
    return this.db.transaction(() => {
      const first = this.db.prepare('UPDATE oauth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL').run(at, codeHash).changes === 1;
      const r = this.db.prepare('SELECT * FROM oauth_codes WHERE code_hash = ?').get(codeHash) as Row | undefined;
      return r ? { code: toCode(r), firstUse: first } : null;
    })();
  }

  async attachSessionToCode(codeHash: string, sessionId: string): Promise<void> {
    this.db.prepare('UPDATE oauth_codes SET session_id = ? WHERE code_hash = ?').run(sessionId, codeHash);
  }

  async createOAuthSession(s: { userId: string; clientId: string; resource: string; scope: string }): Promise<OAuthSessionRecord> {
    const rec: OAuthSessionRecord = { id: randomUUID(), ...s, createdAt: Date.now(), revokedAt: null };
    this.db
      .prepare('INSERT INTO oauth_sessions (id, user_id, client_id, resource, scope, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(rec.id, rec.userId, rec.clientId, rec.resource, rec.scope, rec.createdAt);
    return rec;
  }

  async getOAuthSession(id: string): Promise<OAuthSessionRecord | null> {
    const r = this.db.prepare('SELECT * FROM oauth_sessions WHERE id = ?').get(id) as Row | undefined;
    return r ? toSession(r) : null;
  }

  async revokeOAuthSession(id: string, at: number): Promise<void> {
    this.db.prepare('UPDATE oauth_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id);
  }

  async saveRefreshToken(t: { hash: string; sessionId: string; expiresAt: number }): Promise<void> {
    this.db.prepare('INSERT INTO oauth_refresh_tokens (hash, session_id, expires_at, created_at) VALUES (?, ?, ?, ?)').run(t.hash, t.sessionId, t.expiresAt, Date.now());
  }

  async useRefreshToken(hash: string, at: number): Promise<{ token: RefreshTokenRecord; firstUse: boolean } | null> {
    return this.db.transaction(() => {
      const first = this.db.prepare('UPDATE oauth_refresh_tokens SET used_at = ? WHERE hash = ? AND used_at IS NULL').run(at, hash).changes === 1;
      const r = this.db.prepare('SELECT * FROM oauth_refresh_tokens WHERE hash = ?').get(hash) as Row | undefined;
      return r ? { token: toRefresh(r), firstUse: first } : null;
    })();
  }

  async getRefreshToken(hash: string): Promise<RefreshTokenRecord | null> {
    const r = this.db.prepare('SELECT * FROM oauth_refresh_tokens WHERE hash = ?').get(hash) as Row | undefined;
    return r ? toRefresh(r) : null;
  }

  async createWebSession(s: { idHash: string; userId: string; expiresAt: number }): Promise<void> {
    this.db.prepare('INSERT INTO web_sessions (id_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)').run(s.idHash, s.userId, s.expiresAt, Date.now());
  }

  async getWebSession(idHash: string): Promise<WebSessionRecord | null> {
    const r = this.db.prepare('SELECT * FROM web_sessions WHERE id_hash = ?').get(idHash) as Row | undefined;
    return r ? { idHash: r.id_hash, userId: r.user_id, expiresAt: r.expires_at, createdAt: r.created_at } : null;
  }

  async deleteWebSession(idHash: string): Promise<void> {
    this.db.prepare('DELETE FROM web_sessions WHERE id_hash = ?').run(idHash);
  }

  async listOrgMembers(orgId: string): Promise<Array<{ user: UserRecord; role: OrgRole }>> {
    const rows = this.db.prepare('SELECT u.*, m.role FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.org_id = ? ORDER BY u.created_at').all(orgId) as Row[];
    return rows.map((r) => ({ user: { id: r.id, email: r.email, name: r.name, passwordHash: r.password_hash, createdAt: r.created_at }, role: r.role as OrgRole }));
  }
}
