import { generateApiKey } from '../../auth/api-keys.js';
import type { ControlStore } from '../../store/types.js';
import { BadRequest, NotFound } from '../errors.js';
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

/** Creates an API key. The full key is returned once and never stored (only its hash is). */
export async function createApiKey(control: ControlStore, input: CreateKeyInput, now = Date.now()): Promise<{ key: string; keyId: string }> {
  if (!input.name.trim()) throw new BadRequest('The key needs a name');
  const org = await findOrg(control, input.org);
  if (input.containerId) {
    const c = await control.getContainer(input.containerId);
    if (!c || c.orgId !== org.id) throw new NotFound(`Container ${input.containerId} not found in organization ${org.name}`);
  }
  let expiresAt: number | null = null;
  if (input.expires !== undefined) {
    expiresAt = Date.parse(input.expires);
    if (Number.isNaN(expiresAt)) throw new BadRequest(`Invalid expiry date: ${input.expires}`);
    if (expiresAt <= now) throw new BadRequest('The expiry must be in the future');
  }
  const generated = generateApiKey();
  await control.createApiKey({
    id: generated.keyId,
    orgId: org.id,
    userId: input.userId ?? (await orgOwnerId(control, org.id)),
    containerId: input.containerId ?? null,
    name: input.name.trim(),
    hash: generated.hash,
    sourceBadge: input.sourceBadge ?? 'dashboard',
    expiresAt,
  });
  return { key: generated.key, keyId: generated.keyId };
}
