import type { ApiKeyRecord } from '../../store/types.js';

export type KeyState = 'active' | 'disabled' | 'expired' | 'deleted';

/** spec § States: API key. Expiry is judged at read time, so it takes effect without any background job. */
export function keyState(k: ApiKeyRecord, now = Date.now()): KeyState {
  if (k.deletedAt !== null) return 'deleted';
  if (k.disabledAt !== null) return 'disabled';
  if (k.expiresAt !== null && k.expiresAt <= now) return 'expired';
  return 'active';
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** What the owner sees of a key (spec § Resources: API key); never the hash, never the full value. */
export function keyView(k: ApiKeyRecord, now = Date.now()) {
  return {
    id: k.id,
    name: k.name,
    prefix: `svc_${k.id.slice(0, 8)}…`,
    scope: k.containerId ? ('container' as const) : ('account' as const),
    containerId: k.containerId,
    orgId: k.orgId,
    source: k.sourceBadge,
    state: keyState(k, now),
    createdAt: iso(k.createdAt),
    expiresAt: iso(k.expiresAt),
    lastUsedAt: iso(k.lastUsedAt),
    disabledAt: iso(k.disabledAt),
  };
}

export type KeyView = ReturnType<typeof keyView>;
