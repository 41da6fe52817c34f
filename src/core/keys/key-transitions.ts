import type { ControlStore } from '../../store/types.js';
import type { Principal } from '../access/principal.js';
import { Conflict } from '../errors.js';
import { storeNewKey } from './create-key.js';
import { findManagedKey } from './key-actor.js';
import { keyState, keyView, type KeyView } from './key-view.js';

// spec § States and transitions: API key. Every change takes effect on the next request: authentication
// reads the record each time, there is no cache to expire.

/** active → disabled: blocked at once, record kept. */
export async function disableKey(control: ControlStore, actor: Principal, keyId: string, now = Date.now()): Promise<KeyView> {
  const key = await findManagedKey(control, actor, keyId);
  if (key.disabledAt !== null) throw new Conflict(`API key ${key.name} is already disabled`);
  await control.updateApiKey(key.id, { disabledAt: now });
  return keyView((await control.getApiKey(key.id))!, now);
}

/**
 * disabled → active (re-enable; the spec leaves it open): the same key value works again. An expired key
 * stays expired after re-enabling; only rotation or a new key gives a working one.
 */
export async function enableKey(control: ControlStore, actor: Principal, keyId: string, now = Date.now()): Promise<KeyView> {
  const key = await findManagedKey(control, actor, keyId);
  if (key.disabledAt === null) throw new Conflict(`API key ${key.name} is not disabled`);
  await control.updateApiKey(key.id, { disabledAt: null });
  return keyView((await control.getApiKey(key.id))!, now);
}

/** active or disabled → deleted: revoked permanently and at once (the row stays for the audit trail, hidden). */
export async function deleteKey(control: ControlStore, actor: Principal, keyId: string, now = Date.now()): Promise<{ id: string; name: string; state: 'deleted' }> {
  const key = await findManagedKey(control, actor, keyId);
  await control.updateApiKey(key.id, { deletedAt: now });
  return { id: key.id, name: key.name, state: 'deleted' };
}

/**
 * active → a new key with the same name, scope, owner, source and expiry; the old key is revoked in the
 * same step (spec § Rotate). Disabled or expired keys are not rotated: enable it first, or create a new key.
 */
export async function rotateKey(control: ControlStore, actor: Principal, keyId: string, now = Date.now()): Promise<KeyView & { key: string; replaces: string }> {
  const key = await findManagedKey(control, actor, keyId);
  const state = keyState(key, now);
  if (state !== 'active') throw new Conflict(`API key ${key.name} is ${state}; only an active key can be rotated`);
  const fresh = await storeNewKey(
    control,
    { orgId: key.orgId, userId: key.userId, containerId: key.containerId, name: key.name, sourceBadge: key.sourceBadge, expiresAt: key.expiresAt },
    now,
  );
  await control.updateApiKey(key.id, { deletedAt: now });
  return { ...fresh, replaces: key.id };
}
