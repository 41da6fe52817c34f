import type { OrgRole, UserRecord } from './types.js';

// ---- OAuth 2.1 authorization server and web sign-in (issue 5) ----

/** A public OAuth client (no secret), registered dynamically (RFC 7591). */
export interface OAuthClientRecord {
  id: string;
  name: string;
  redirectUris: string[];
  createdAt: number;
}

/** An authorization code, stored by hash; single use. */
export interface AuthCodeRecord {
  codeHash: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  scope: string;
  expiresAt: number;
  usedAt: number | null;
  /** The session the first exchange created, so a replayed code can revoke it. */
  sessionId: string | null;
}

/** One grant of a client by a user (the `sid` claim): refresh tokens rotate inside it; revoking it ends them all. */
export interface OAuthSessionRecord {
  id: string;
  userId: string;
  clientId: string;
  resource: string;
  scope: string;
  createdAt: number;
  revokedAt: number | null;
}

export interface RefreshTokenRecord {
  hash: string;
  sessionId: string;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

/** A signed-in browser (cookie), stored by hash of the cookie value. */
export interface WebSessionRecord {
  idHash: string;
  userId: string;
  expiresAt: number;
  createdAt: number;
}

export interface OAuthControlStore {
  createOAuthClient(c: { name: string; redirectUris: string[] }): Promise<OAuthClientRecord>;
  getOAuthClient(id: string): Promise<OAuthClientRecord | null>;
  saveAuthCode(c: Omit<AuthCodeRecord, 'usedAt' | 'sessionId'>): Promise<void>;
  /** Marks a code used atomically; `firstUse` is false when it had been used before (a replay). */
  useAuthCode(codeHash: string, at: number): Promise<{ code: AuthCodeRecord; firstUse: boolean } | null>;
  attachSessionToCode(codeHash: string, sessionId: string): Promise<void>;
  createOAuthSession(s: { userId: string; clientId: string; resource: string; scope: string }): Promise<OAuthSessionRecord>;
  getOAuthSession(id: string): Promise<OAuthSessionRecord | null>;
  revokeOAuthSession(id: string, at: number): Promise<void>;
  saveRefreshToken(t: { hash: string; sessionId: string; expiresAt: number }): Promise<void>;
  /** Marks a refresh token used atomically; `firstUse` is false for a replayed (already rotated) token. */
  useRefreshToken(hash: string, at: number): Promise<{ token: RefreshTokenRecord; firstUse: boolean } | null>;
  getRefreshToken(hash: string): Promise<RefreshTokenRecord | null>;
  createWebSession(s: { idHash: string; userId: string; expiresAt: number }): Promise<void>;
  getWebSession(idHash: string): Promise<WebSessionRecord | null>;
  deleteWebSession(idHash: string): Promise<void>;
  /** Members of an organization with their roles (admin listings). */
  listOrgMembers(orgId: string): Promise<Array<{ user: UserRecord; role: OrgRole }>>;
}
