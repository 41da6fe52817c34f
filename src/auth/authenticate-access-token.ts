import type { Principal } from '../core/access/principal.js';
import { CredentialError } from '../core/errors.js';
import type { ControlStore } from '../store/types.js';
import { verifyAccessToken } from './oauth/access-token-verify.js';
import { audienceTarget, type ResourceTarget } from './oauth/resource.js';
import type { SigningKey } from './oauth/signing-key.js';

export interface AccessTokenVerifier {
  key: SigningKey;
  issuer(): string;
}

const invalid = () => new CredentialError(401, 'invalid_token', 'The credential is invalid, expired or revoked');

/**
 * Turns an OAuth access token into a principal for the resource being called. Tampered, expired, revoked
 * (session ended) and wrong-audience tokens all get the same uncoded 401 (spec § Uncoded 401).
 */
export async function authenticateAccessToken(
  control: ControlStore,
  verifier: AccessTokenVerifier,
  token: string,
  target: ResourceTarget,
): Promise<Principal> {
  const claims = await verifyAccessToken(verifier.key, verifier.issuer(), token);
  if (!claims) throw invalid();
  const aud = audienceTarget(claims.aud);
  if (!aud) throw invalid();
  // A service-wide token reaches everything its user may; a container token only that container.
  if (aud.kind === 'container' && (target.kind !== 'container' || target.containerId !== aud.containerId)) throw invalid();
  const session = await control.getOAuthSession(claims.sid);
  if (!session || session.revokedAt !== null || session.userId !== claims.sub) throw invalid();
  const user = await control.getUser(claims.sub);
  if (!user) throw invalid();
  return {
    kind: 'oauth',
    userId: user.id,
    orgId: await homeOrg(control, user.id, target),
    scopeContainerId: aud.kind === 'container' ? aud.containerId : null,
    credentialName: user.email,
    sessionId: session.id,
  };
}

/**
 * A user may belong to several organizations; a token acts in the one that owns the container called
 * (when the user is a member there), otherwise in the user's first organization (which pays visitor calls).
 */
async function homeOrg(control: ControlStore, userId: string, target: ResourceTarget): Promise<string> {
  if (target.kind === 'container') {
    const c = await control.getContainer(target.containerId);
    if (c && (await control.getMembership(c.orgId, userId))) return c.orgId;
  }
  const orgs = await control.listUserOrgs(userId);
  return orgs[0]?.org.id ?? '';
}
