import { generateApiKey } from '../../auth/api-keys.js';
import type { ControlStore } from '../../store/types.js';
import type { Principal } from '../access/principal.js';
import { userPermissionOn } from '../access/user-reach.js';
import { BadRequest, Forbidden, NotFound } from '../errors.js';
import { assertCanManageKeys } from './key-actor.js';
import { keyView, type KeyView } from './key-view.js';

export interface NewKeyInput {
  name: string;
  /** Scope to one container (recommended); omitted for an account key. */
  containerId?: string | null;
  /** Organization of an account key (id or name); defaults to the actor's. */
  org?: string;
  /** ISO 8601 expiry, or epoch ms. */
  expiresAt?: string | number | null;
  source?: 'dashboard' | 'plugin';
}

export function parseExpiry(value: string | number | null | undefined, now: number): number | null {
  if (value === undefined || value === null || value === '') return null;
  const at = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(at)) throw new BadRequest(`Invalid expiry date: ${value} (use ISO 8601, e.g. 2027-01-01)`);
  if (at <= now) throw new BadRequest('The expiry must be in the future');
  return at;
}

/** Stores a new key owned by `userId`; the full value is returned this once (spec § Key management). */
export async function storeNewKey(
  control: ControlStore,
  k: { orgId: string; userId: string; containerId: string | null; name: string; sourceBadge: 'dashboard' | 'plugin'; expiresAt: number | null },
  now = Date.now(),
): Promise<KeyView & { key: string }> {
  const generated = generateApiKey();
  const rec = await control.createApiKey({ id: generated.keyId, hash: generated.hash, ...k });
  return { ...keyView(rec, now), key: generated.key };
}

/**
 * Creates a key for the acting user. A scoped key needs a member's or grant holder's access to the
 * container (visitors cannot mint keys for other organizations' containers); the key then carries the
 * user's permission there, checked on every request.
 */
export async function createKey(control: ControlStore, actor: Principal, input: NewKeyInput, now = Date.now()): Promise<KeyView & { key: string }> {
  assertCanManageKeys(actor);
  const name = (input.name ?? '').trim();
  if (!name) throw new BadRequest('The key needs a name');
  if (name.length > 200) throw new BadRequest('The key name is longer than 200 characters');
  const expiresAt = parseExpiry(input.expiresAt, now);
  const sourceBadge = input.source ?? 'dashboard';
  if (input.containerId) {
    const c = await control.getContainer(input.containerId);
    const reach = c ? await userPermissionOn(control, actor.userId, c) : null;
    if (!c || !reach || (actor.kind === 'api_key' && actor.orgId !== c.orgId)) throw new NotFound(`Container ${input.containerId} not found`);
    if (reach.visitor) throw new Forbidden('Keys for a public container of another organization cannot be created; only its members and grant holders can');
    return storeNewKey(control, { orgId: c.orgId, userId: actor.userId, containerId: c.id, name, sourceBadge, expiresAt }, now);
  }
  const orgRef = input.org ?? actor.orgId;
  const org = await control.getOrg(orgRef);
  const role = org ? await control.getMembership(org.id, actor.userId) : null;
  if (!org || !role || (actor.kind === 'api_key' && actor.orgId !== org.id)) throw new NotFound(`Organization ${orgRef} not found`);
  return storeNewKey(control, { orgId: org.id, userId: actor.userId, containerId: null, name, sourceBadge, expiresAt }, now);
}
