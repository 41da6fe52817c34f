import type { ApiKeyRecord, ControlStore } from '../../store/types.js';
import type { Principal } from '../access/principal.js';
import { Forbidden, NotFound } from '../errors.js';

/**
 * Who may manage keys: a user credential (OAuth) or an account key, never a container-scoped key (it is
 * meant for one agent and must not mint more access). `local` is `svc admin` on the data dir.
 */
export function assertCanManageKeys(actor: Principal): void {
  if (actor.kind === 'api_key' && actor.scopeContainerId) {
    throw new Forbidden('A container-scoped API key cannot manage API keys; use `svc login` or an account key');
  }
}

/** Organization owners and admins manage every key of their organization; members manage their own. */
export async function canManageKey(control: ControlStore, actor: Principal, key: ApiKeyRecord): Promise<boolean> {
  if (actor.kind === 'api_key' && actor.orgId !== key.orgId) return false;
  if (key.userId === actor.userId) return true;
  const role = await control.getMembership(key.orgId, actor.userId);
  return role === 'owner' || role === 'admin';
}

/** The key the actor asked for, or NOT_FOUND (also for keys of others the actor may not see, and deleted keys). */
export async function findManagedKey(control: ControlStore, actor: Principal, keyId: string): Promise<ApiKeyRecord> {
  assertCanManageKeys(actor);
  const key = await control.getApiKey(keyId);
  if (!key || key.deletedAt !== null || !(await canManageKey(control, actor, key))) throw new NotFound(`API key ${keyId} not found`);
  return key;
}
