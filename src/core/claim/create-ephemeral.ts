import { randomUUID } from 'node:crypto';
import type { Stores } from '../../store/types.js';
import { createApiKey } from '../admin/create-api-key.js';
import { createContainer } from '../admin/create-container.js';

/** Credits an ephemeral container starts with: enough to try it, not to run a service on it. */
export const EPHEMERAL_CREDITS = 200;

/**
 * A container anyone can create without an account: it lives in an organization of its own (with a
 * stand-in owner account and a small credit grant) until someone claims it into theirs.
 */
export async function createEphemeralContainer(stores: Stores, name?: string): Promise<{ containerId: string; key: string; keyId: string; credits: number }> {
  const { control } = stores;
  const tag = randomUUID().slice(0, 8);
  const org = await control.createOrg(`ephemeral-${tag}-${randomUUID()}`, EPHEMERAL_CREDITS);
  const owner = await control.createUser({ email: `ephemeral-${org.id}@ephemeral.invalid`, name: 'ephemeral', passwordHash: null });
  await control.addMembership(org.id, owner.id, 'owner');
  const { containerId } = await createContainer(stores, { org: org.id, name: name?.trim() || `ephemeral-${tag}`, isEphemeral: true, userId: owner.id });
  const { key, keyId } = await createApiKey(control, { org: org.id, containerId, name: 'ephemeral', userId: owner.id });
  return { containerId, key, keyId, credits: EPHEMERAL_CREDITS };
}
