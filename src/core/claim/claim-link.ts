import { createHash, randomBytes } from 'node:crypto';
import type { ControlStore } from '../../store/types.js';
import { Conflict } from '../errors.js';

/** Spec § svc_claim: a claim link lives one hour. */
export const CLAIM_LINK_SECONDS = 3600;

export const hashClaimToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A fresh claim link for an ephemeral container (each call a new one; only its hash is stored). */
export async function issueClaimLink(control: ControlStore, containerId: string, baseUrl: string, now = Date.now()) {
  const container = await control.getContainer(containerId);
  if (!container || !container.isEphemeral) throw new Conflict(`Container ${containerId} is already claimed`);
  const token = randomBytes(32).toString('base64url');
  await control.createClaimLink({ tokenHash: hashClaimToken(token), containerId, expiresAt: now + CLAIM_LINK_SECONDS * 1000 });
  return { claim_url: `${baseUrl}/claim/${token}`, expires_in: CLAIM_LINK_SECONDS };
}

export type ClaimLinkState =
  | { state: 'valid'; containerId: string; containerName: string }
  | { state: 'expired' | 'unknown' | 'claimed'; containerId?: string };

/** What the claim page shows for a token. */
export async function inspectClaimLink(control: ControlStore, token: string, now = Date.now()): Promise<ClaimLinkState> {
  const link = await control.getClaimLink(hashClaimToken(token));
  if (!link) return { state: 'unknown' };
  const container = await control.getContainer(link.containerId);
  if (!container || !container.isEphemeral || link.usedAt !== null) return { state: 'claimed', containerId: link.containerId };
  if (link.expiresAt <= now) return { state: 'expired', containerId: link.containerId };
  return { state: 'valid', containerId: container.id, containerName: container.name };
}

/** Completes a claim for a signed-in user into one of their organizations. */
export async function completeClaim(control: ControlStore, token: string, user: { userId: string; orgId: string }, now = Date.now()) {
  const s = await inspectClaimLink(control, token, now);
  if (s.state === 'claimed') throw new Conflict('This container has already been claimed');
  if (s.state !== 'valid') return s;
  const ok = await control.claimContainer({ tokenHash: hashClaimToken(token), containerId: s.containerId, toOrgId: user.orgId, toUserId: user.userId, at: now });
  if (!ok) throw new Conflict('This container has already been claimed');
  return { state: 'claimed-now' as const, containerId: s.containerId, containerName: s.containerName };
}
