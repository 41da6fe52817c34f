import type { ControlStore } from '../../store/types.js';
import { BadRequest, NotFound } from '../errors.js';
import { parseExpiry, storeNewKey } from '../keys/create-key.js';
import { findOrg, orgOwnerId } from './find-org.js';

export interface CreateKeyInput {
  org: string;
  /** Container the key is scoped to; omitted for an account key reaching every container of the org. */
  containerId?: string;
  name: string;
  /** ISO 8601 expiry. */
  expires?: string;
  userId?: string;
  sourceBadge?: 'dashboard' | 'plugin';
}

/**
 * `svc admin key create`: creates a key on the data dir (acting for the owner unless a user is named). The
 * full key is returned once and never stored (only its hash is); same creation path as `svc keys create`.
 */
export async function createApiKey(control: ControlStore, input: CreateKeyInput, now = Date.now()): Promise<{ key: string; keyId: string }> {
  if (!input.name.trim()) throw new BadRequest('The key needs a name');
  const org = await findOrg(control, input.org);
  if (input.containerId) {
    const c = await control.getContainer(input.containerId);
    if (!c || c.orgId !== org.id) throw new NotFound(`Container ${input.containerId} not found in organization ${org.name}`);
  }
  const created = await storeNewKey(
    control,
    {
      orgId: org.id,
      userId: input.userId ?? (await orgOwnerId(control, org.id)),
      containerId: input.containerId ?? null,
      name: input.name.trim(),
      sourceBadge: input.sourceBadge ?? 'dashboard',
      expiresAt: parseExpiry(input.expires, now),
    },
    now,
  );
  return { key: created.key, keyId: created.id };
}
