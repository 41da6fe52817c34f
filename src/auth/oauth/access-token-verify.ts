import { jwtVerify } from 'jose';
import type { SigningKey } from './signing-key.js';

export interface AccessTokenClaims {
  sub: string;
  email: string;
  name: string;
  sid: string;
  aud: string;
  scope: string;
  clientId: string;
}

/**
 * Verifies signature (EdDSA only), issuer, expiry and token type; returns the claims or null. The caller
 * checks the audience against the resource being called and that the session is not revoked.
 */
export async function verifyAccessToken(key: SigningKey, issuer: string, token: string): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key.publicKey, { issuer, algorithms: ['EdDSA'], typ: 'at+jwt', requiredClaims: ['sub', 'aud', 'exp', 'sid'] });
    const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    if (typeof aud !== 'string' || typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
    return {
      sub: payload.sub,
      email: String(payload.email ?? ''),
      name: String(payload.name ?? ''),
      sid: payload.sid,
      aud,
      scope: String(payload.scope ?? ''),
      clientId: String(payload.client_id ?? ''),
    };
  } catch {
    return null;
  }
}
