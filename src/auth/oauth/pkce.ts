import { createHash, timingSafeEqual } from 'node:crypto';
import { OAuthError } from './oauth-error.js';

// RFC 7636 § 4.1 and 4.2: verifier 43..128 unreserved characters; S256 challenge is 43 base64url chars.
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** PKCE is mandatory and only S256 is accepted (spec § OAuth 2.1 rule 1; OAuth 2.1 forbids `plain` here). */
export function checkChallenge(challenge: string | null, method: string | null): string {
  if (!challenge) throw new OAuthError('invalid_request', 'code_challenge is required (PKCE with S256 is mandatory)');
  if (method !== 'S256') {
    throw new OAuthError('invalid_request', method ? `code_challenge_method ${method} is not supported; use S256` : 'code_challenge_method=S256 is required');
  }
  if (!CHALLENGE.test(challenge)) throw new OAuthError('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters)');
  return challenge;
}

export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
