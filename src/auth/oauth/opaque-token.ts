import { createHash, randomBytes } from 'node:crypto';

/** A random bearer value (codes, refresh tokens, browser sessions): 256 bits, base64url. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only hashes are stored, so a leaked database does not leak usable tokens. */
export function hashOpaqueToken(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
