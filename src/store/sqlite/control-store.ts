import { randomUUID } from 'node:crypto';
import type {
  CreditLedgerRow,
  ApiKeyRecord,
  ClaimLinkRecord,
  ContainerRecord,
  ControlStore,
  CreditCharge,
  NewApiKey,
  OrgRecord,
  OrgRole,
  Permission,
  Transport,
  UserRecord,
} from '../types.js';
import { openDatabase, type Db } from './database.js';
import { controlMigrations } from './migrations/control.js';
import { OAuthQueries } from './oauth-queries.js';

type Row = Record<string, any>;

const toOrg = (r: Row): OrgRecord => ({ id: r.id, name: r.name, credits: r.credits, createdAt: r.created_at });
const toUser = (r: Row): UserRecord => ({
  id: r.id,
  email: r.email,
  name: r.name,
  passwordHash: r.password_hash,
  createdAt: r.created_at,
});
const toContainer = (r: Row): ContainerRecord => ({
  id: r.id,
  orgId: r.org_id,
  name: r.name,
  isPublic: !!r.is_public,
  isEphemeral: !!r.is_ephemeral,
  paused: !!r.paused,
  initializationStatus: r.initialization_status,
  analysisCadence: r.analysis_cadence,
  analysisRequestedAt: r.analysis_requested_at ?? null,
  createdBy: r.created_by,
  createdAt: r.created_at,
});
const toKey = (r: Row): ApiKeyRecord => ({
  id: r.id,
  orgId: r.org_id,
  userId: r.user_id,
  containerId: r.container_id,
  name: r.name,
  hash: r.hash,
  sourceBadge: r.source_badge,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  lastUsedAt: r.last_used_at,
  disabledAt: r.disabled_at,
  deletedAt: r.deleted_at,
});

const CONTAINER_COLUMNS: Record<string, string> = {
  name: 'name',
  isPublic: 'is_public',
  isEphemeral: 'is_ephemeral',
  paused: 'paused',
  initializationStatus: 'initialization_status',
  analysisCadence: 'analysis_cadence',
  analysisRequestedAt: 'analysis_requested_at',
  orgId: 'org_id',
};
const KEY_COLUMNS: Record<string, string> = {
  disabledAt: 'disabled_at',
  deletedAt: 'deleted_at',
  lastUsedAt: 'last_used_at',
};

function setClause(patch: Record<string, unknown>, columns: Record<string, string>): { sql: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  for (const [k, v] of Object.entries(patch)) {
    const col = columns[k];
    if (!col || v === undefined) continue;
    // null is a value here (clearing a timestamp); only undefined means "leave as is".
    parts.push(`${col} = ?`);
    values.push(typeof v === 'boolean' ? (v ? 1 : 0) : v);
  }
  return { sql: parts.join(', '), values };
}

export class SqliteControlStore implements ControlStore {
  private readonly db: Db;

  private readonly oauth: OAuthQueries;

  constructor(file: string) {
    this.db = openDatabase(file, controlMigrations);
    this.oauth = new OAuthQueries(this.db);
  }

  async createOrg(name: string, credits: number): Promise<OrgRecord> {
    const org = { id: randomUUID(), name, credits, createdAt: Date.now() };
    this.db.transaction(() => {
      this.db.prepare('INSERT INTO orgs (id, name, credits, created_at) VALUES (?, ?, ?, ?)').run(org.id, name, credits, org.createdAt);
      if (credits > 0) {
        this.db
          .prepare('INSERT INTO credit_ledger (org_id, amount, reason, at) VALUES (?, ?, ?, ?)')
          .run(org.id, credits, 'initial grant', org.createdAt);
      }
    })();
    return org;
  }

  async getOrg(idOrName: string): Promise<OrgRecord | null> {
    const r = this.db.prepare('SELECT * FROM orgs WHERE id = ? OR name = ? ORDER BY id = ? DESC LIMIT 1').get(idOrName, idOrName, idOrName) as Row | undefined;
    return r ? toOrg(r) : null;
  }

  async createUser(u: { email: string; name: string; passwordHash: string | null }): Promise<UserRecord> {
    const user = { id: randomUUID(), ...u, createdAt: Date.now() };
    this.db
      .prepare('INSERT INTO users (id, email, name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(user.id, user.email, user.name, user.passwordHash, user.createdAt);
    return user;
  }

  async getUser(id: string): Promise<UserRecord | null> {
    const r = this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as Row | undefined;
    return r ? toUser(r) : null;
  }

  async getUserByEmail(email: string): Promise<UserRecord | null> {
    const r = this.db.prepare('SELECT * FROM users WHERE email = ?').get(email) as Row | undefined;
    return r ? toUser(r) : null;
  }

  async addMembership(orgId: string, userId: string, role: OrgRole): Promise<void> {
    this.db
      .prepare('INSERT INTO memberships (org_id, user_id, role) VALUES (?, ?, ?) ON CONFLICT (org_id, user_id) DO UPDATE SET role = excluded.role')
      .run(orgId, userId, role);
  }

  async getMembership(orgId: string, userId: string): Promise<OrgRole | null> {
    const r = this.db.prepare('SELECT role FROM memberships WHERE org_id = ? AND user_id = ?').get(orgId, userId) as Row | undefined;
    return r ? (r.role as OrgRole) : null;
  }

  async getOrgOwner(orgId: string): Promise<string | null> {
    const r = this.db
      .prepare("SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.org_id = ? AND m.role = 'owner' ORDER BY u.created_at LIMIT 1")
      .get(orgId) as Row | undefined;
    return r ? (r.user_id as string) : null;
  }

  async listUserOrgs(userId: string): Promise<Array<{ org: OrgRecord; role: OrgRole }>> {
    const rows = this.db
      .prepare('SELECT o.*, m.role FROM memberships m JOIN orgs o ON o.id = m.org_id WHERE m.user_id = ? ORDER BY o.created_at')
      .all(userId) as Row[];
    return rows.map((r) => ({ org: toOrg(r), role: r.role as OrgRole }));
  }

  async createContainer(c: { orgId: string; name: string; isPublic: boolean; isEphemeral: boolean; createdBy: string | null }): Promise<ContainerRecord> {
    const id = randomUUID();
    const now = Date.now();
    this.db
      .prepare(
        'INSERT INTO containers (id, org_id, name, is_public, is_ephemeral, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(id, c.orgId, c.name, c.isPublic ? 1 : 0, c.isEphemeral ? 1 : 0, c.createdBy, now);
    return (await this.getContainer(id))!;
  }

  async getContainer(id: string): Promise<ContainerRecord | null> {
    const r = this.db.prepare('SELECT * FROM containers WHERE id = ?').get(id) as Row | undefined;
    return r ? toContainer(r) : null;
  }

  async listContainers(orgId: string): Promise<ContainerRecord[]> {
    return (this.db.prepare('SELECT * FROM containers WHERE org_id = ? ORDER BY created_at').all(orgId) as Row[]).map(toContainer);
  }

  async updateContainer(id: string, patch: Parameters<ControlStore['updateContainer']>[1]): Promise<void> {
    const { sql, values } = setClause(patch, CONTAINER_COLUMNS);
    if (!sql) return;
    this.db.prepare(`UPDATE containers SET ${sql} WHERE id = ?`).run(...values, id);
  }

  async getGrant(containerId: string, userId: string): Promise<Permission | null> {
    const r = this.db.prepare('SELECT permission FROM container_grants WHERE container_id = ? AND user_id = ?').get(containerId, userId) as Row | undefined;
    return r ? (r.permission as Permission) : null;
  }

  async setGrant(containerId: string, userId: string, permission: Permission): Promise<void> {
    this.db
      .prepare(
        'INSERT INTO container_grants (container_id, user_id, permission) VALUES (?, ?, ?) ON CONFLICT (container_id, user_id) DO UPDATE SET permission = excluded.permission',
      )
      .run(containerId, userId, permission);
  }

  async createApiKey(k: NewApiKey): Promise<ApiKeyRecord> {
    const now = Date.now();
    this.db
      .prepare(
        'INSERT INTO api_keys (id, org_id, user_id, container_id, name, hash, source_badge, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(k.id, k.orgId, k.userId, k.containerId, k.name, k.hash, k.sourceBadge, now, k.expiresAt);
    return (await this.getApiKey(k.id))!;
  }

  async getApiKey(id: string): Promise<ApiKeyRecord | null> {
    const r = this.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(id) as Row | undefined;
    return r ? toKey(r) : null;
  }

  async listApiKeys(orgId: string): Promise<ApiKeyRecord[]> {
    return (this.db.prepare('SELECT * FROM api_keys WHERE org_id = ? AND deleted_at IS NULL ORDER BY created_at').all(orgId) as Row[]).map(toKey);
  }

  async touchApiKey(id: string, at: number): Promise<void> {
    this.db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(at, id);
  }

  async updateApiKey(id: string, patch: Parameters<ControlStore['updateApiKey']>[1]): Promise<void> {
    const { sql, values } = setClause(patch, KEY_COLUMNS);
    if (!sql) return;
    this.db.prepare(`UPDATE api_keys SET ${sql} WHERE id = ?`).run(...values, id);
  }

  async getToolToggles(containerId: string): Promise<Array<{ tool: string; transport: Transport; enabled: boolean }>> {
    const rows = this.db.prepare('SELECT tool, transport, enabled FROM tool_toggles WHERE container_id = ?').all(containerId) as Row[];
    return rows.map((r) => ({ tool: r.tool, transport: r.transport, enabled: !!r.enabled }));
  }

  async setToolToggle(containerId: string, tool: string, transport: Transport, enabled: boolean): Promise<void> {
    this.db
      .prepare(
        'INSERT INTO tool_toggles (container_id, tool, transport, enabled) VALUES (?, ?, ?, ?) ON CONFLICT (container_id, tool, transport) DO UPDATE SET enabled = excluded.enabled',
      )
      .run(containerId, tool, transport, enabled ? 1 : 0);
  }

  async chargeCredits(c: CreditCharge): Promise<boolean> {
    if (c.amount <= 0) return true;
    return this.db.transaction(() => {
      const res = this.db.prepare('UPDATE orgs SET credits = credits - ? WHERE id = ? AND credits >= ?').run(c.amount, c.orgId, c.amount);
      if (res.changes === 0) return false;
      this.db
        .prepare('INSERT INTO credit_ledger (org_id, container_id, tool, amount, reason, at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(c.orgId, c.containerId, c.tool, -c.amount, 'tool call', Date.now());
      return true;
    })();
  }

  async addCredits(orgId: string, amount: number, reason: string): Promise<number> {
    return this.db.transaction(() => {
      this.db.prepare('UPDATE orgs SET credits = credits + ? WHERE id = ?').run(amount, orgId);
      this.db.prepare('INSERT INTO credit_ledger (org_id, amount, reason, at) VALUES (?, ?, ?, ?)').run(orgId, amount, reason, Date.now());
      return (this.db.prepare('SELECT credits FROM orgs WHERE id = ?').get(orgId) as Row).credits as number;
    })();
  }

  async listCreditLedger(orgId: string, opts: { containerId?: string; limit?: number } = {}): Promise<CreditLedgerRow[]> {
    const limit = Math.max(1, Math.min(opts.limit ?? 20, 500));
    const rows = (
      opts.containerId
        ? this.db.prepare('SELECT * FROM credit_ledger WHERE org_id = ? AND container_id = ? ORDER BY id DESC LIMIT ?').all(orgId, opts.containerId, limit)
        : this.db.prepare('SELECT * FROM credit_ledger WHERE org_id = ? ORDER BY id DESC LIMIT ?').all(orgId, limit)
    ) as Row[];
    return rows.map((r) => ({ id: r.id, orgId: r.org_id, containerId: r.container_id, tool: r.tool, amount: r.amount, reason: r.reason, at: r.at }));
  }

  async getBalance(orgId: string): Promise<number> {
    const r = this.db.prepare('SELECT credits FROM orgs WHERE id = ?').get(orgId) as Row | undefined;
    return r ? (r.credits as number) : 0;
  }

  async createClaimLink(l: { tokenHash: string; containerId: string; expiresAt: number }): Promise<void> {
    this.db
      .prepare('INSERT INTO claim_links (token_hash, container_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .run(l.tokenHash, l.containerId, Date.now(), l.expiresAt);
  }

  async getClaimLink(tokenHash: string): Promise<ClaimLinkRecord | null> {
    const r = this.db.prepare('SELECT * FROM claim_links WHERE token_hash = ?').get(tokenHash) as Row | undefined;
    return r ? { tokenHash: r.token_hash, containerId: r.container_id, createdAt: r.created_at, expiresAt: r.expires_at, usedAt: r.used_at } : null;
  }

  async claimContainer(c: { tokenHash: string; containerId: string; toOrgId: string; toUserId: string; at: number }): Promise<boolean> {
    return this.db.transaction(() => {
      const moved = this.db
        .prepare('UPDATE containers SET is_ephemeral = 0, org_id = ?, created_by = ? WHERE id = ? AND is_ephemeral = 1')
        .run(c.toOrgId, c.toUserId, c.containerId);
      if (moved.changes === 0) return false;
      this.db.prepare('UPDATE claim_links SET used_at = ? WHERE token_hash = ?').run(c.at, c.tokenHash);
      // Keys handed out with the ephemeral container keep working for the agents that hold them.
      this.db.prepare('UPDATE api_keys SET org_id = ?, user_id = ? WHERE container_id = ?').run(c.toOrgId, c.toUserId, c.containerId);
      this.db
        .prepare(
          `INSERT INTO container_grants (container_id, user_id, permission) VALUES (?, ?, 'admin')
           ON CONFLICT (container_id, user_id) DO UPDATE SET permission = 'admin'`,
        )
        .run(c.containerId, c.toUserId);
      return true;
    })();
  }
  // OAuth server state (issue 5) lives in oauth-queries.ts; these delegate.
  createOAuthClient: ControlStore['createOAuthClient'] = (c) => this.oauth.createOAuthClient(c);
  getOAuthClient: ControlStore['getOAuthClient'] = (id) => this.oauth.getOAuthClient(id);
  saveAuthCode: ControlStore['saveAuthCode'] = (c) => this.oauth.saveAuthCode(c);
  useAuthCode: ControlStore['useAuthCode'] = (h, at) => this.oauth.useAuthCode(h, at);
  attachSessionToCode: ControlStore['attachSessionToCode'] = (h, s) => this.oauth.attachSessionToCode(h, s);
  createOAuthSession: ControlStore['createOAuthSession'] = (s) => this.oauth.createOAuthSession(s);
  getOAuthSession: ControlStore['getOAuthSession'] = (id) => this.oauth.getOAuthSession(id);
  revokeOAuthSession: ControlStore['revokeOAuthSession'] = (id, at) => this.oauth.revokeOAuthSession(id, at);
  saveRefreshToken: ControlStore['saveRefreshToken'] = (t) => this.oauth.saveRefreshToken(t);
  useRefreshToken: ControlStore['useRefreshToken'] = (h, at) => this.oauth.useRefreshToken(h, at);
  getRefreshToken: ControlStore['getRefreshToken'] = (h) => this.oauth.getRefreshToken(h);
  createWebSession: ControlStore['createWebSession'] = (s) => this.oauth.createWebSession(s);
  getWebSession: ControlStore['getWebSession'] = (h) => this.oauth.getWebSession(h);
  deleteWebSession: ControlStore['deleteWebSession'] = (h) => this.oauth.deleteWebSession(h);
  listOrgMembers: ControlStore['listOrgMembers'] = (o) => this.oauth.listOrgMembers(o);

  async close(): Promise<void> {
    this.db.close();
  }
}
