import { CredentialError } from '../core/errors.js';
import type { Principal } from '../core/access/principal.js';
import type { ControlStore } from '../store/types.js';
import { apiKeyId, apiKeyMatches } from './api-keys.js';

export interface CredentialHeaders {
  apiKey?: string;
  authorization?: string;
}

/** Pulls the presented credential from `x-api-key` or `Authorization: Bearer` (spec § Credentials on requests). */
export function presentedCredential(h: CredentialHeaders): string | null {
  if (h.apiKey && h.apiKey.trim()) return h.apiKey.trim();
  if (h.authorization) {
    const m = /^Bearer\s+(.+)$/i.exec(h.authorization.trim());
    if (m) return m[1].trim();
  }
  return null;
}

const LAST_USED_RESOLUTION_MS = 1000;

const invalid = () => new CredentialError(401, 'invalid_token', 'The credential is invalid, expired or revoked');

/**
 * Turns a presented API key into a principal, or throws the uncoded 401. Disabled, deleted and expired
 * keys are all refused at once; `last used` is stamped on success (to the second).
 */
export async function authenticateApiKey(control: ControlStore, presented: string | null, now = Date.now()): Promise<Principal> {
  if (!presented) throw new CredentialError(401, 'unauthorized', 'Authentication required: send x-api-key or Authorization: Bearer');
  const keyId = apiKeyId(presented);
  if (!keyId) throw invalid();
  const key = await control.getApiKey(keyId);
  if (!key || !apiKeyMatches(presented, key.hash)) throw invalid();
  if (key.deletedAt !== null || key.disabledAt !== null) throw invalid();
  if (key.expiresAt !== null && key.expiresAt <= now) throw invalid();
  // `last used` has one-second resolution: stamping every request would make each call wait for a durable
  // (fsync'd) write, which cost ~7 ms a request in bench/auth.js.
  if (key.lastUsedAt === null || now - key.lastUsedAt >= LAST_USED_RESOLUTION_MS) await control.touchApiKey(key.id, now);
  return {
    kind: 'api_key',
    userId: key.userId,
    orgId: key.orgId,
    scopeContainerId: key.containerId,
    credentialName: key.name,
    keyId: key.id,
  };
}
