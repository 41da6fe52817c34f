import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { UserRecord } from '../../store/types.js';
import { ACCESS_TOKEN_TTL_S } from './lifetimes.js';
import type { SigningKey } from './signing-key.js';

export interface IssueAccessToken {
  issuer: string;
  audience: string;
  user: UserRecord;
  sessionId: string;
  clientId: string;
  scope: string;
}

/** An EdDSA-signed JWT carrying user id, email, name, session id and the audience (spec § OAuth 2.1 rule 5). */
export async function issueAccessToken(key: SigningKey, t: IssueAccessToken, nowMs = Date.now()): Promise<{ token: string; expiresIn: number }> {
  const iat = Math.floor(nowMs / 1000);
  const token = await new SignJWT({ email: t.user.email, name: t.user.name, sid: t.sessionId, client_id: t.clientId, scope: t.scope })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: key.kid })
    .setIssuer(t.issuer)
    .setSubject(t.user.id)
    .setAudience(t.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .setJti(randomUUID())
    .sign(key.privateKey);
  return { token, expiresIn: ACCESS_TOKEN_TTL_S };
}
