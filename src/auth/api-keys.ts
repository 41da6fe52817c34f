import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

// Full key: `svc_<keyId>_<secret>`. The id locates the record; only a SHA-256 of the whole key is stored.
// The secret has 256 bits of entropy, so a fast hash is the right tool here (passwords use scrypt).
const KEY_PATTERN = /^svc_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;

export interface GeneratedKey {
  keyId: string;
  key: string;
  hash: string;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateApiKey(): GeneratedKey {
  const keyId = randomUUID().replaceAll('-', '');
  const key = `svc_${keyId}_${randomBytes(32).toString('base64url')}`;
  return { keyId, key, hash: hashApiKey(key) };
}

/** The key id inside a well-formed key, or null for anything else. */
export function apiKeyId(key: string): string | null {
  const m = KEY_PATTERN.exec(key);
  return m ? m[1] : null;
}

export function apiKeyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashApiKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
