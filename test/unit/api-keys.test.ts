import { describe, expect, it } from 'vitest';
import { apiKeyId, apiKeyMatches, generateApiKey, hashApiKey } from '../../src/auth/api-keys.js';
import { hashPassword, verifyPassword } from '../../src/auth/passwords.js';

describe('API keys', () => {
  it('generates distinct keys whose id can be read back and whose hash matches', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a.key).not.toBe(b.key);
    expect(apiKeyId(a.key)).toBe(a.keyId);
    expect(apiKeyMatches(a.key, a.hash)).toBe(true);
    expect(apiKeyMatches(b.key, a.hash)).toBe(false);
    expect(a.hash).toBe(hashApiKey(a.key));
    expect(a.hash).not.toContain(a.key.split('_')[2]);
  });

  it.each(['', 'svc_', 'not-a-key', 'svc_xyz_abc', `svc_${'0'.repeat(32)}_short`, `Bearer svc_${'0'.repeat(32)}_${'a'.repeat(43)}`])(
    'rejects malformed key %j',
    (k) => {
      expect(apiKeyId(k)).toBeNull();
    },
  );

  it('refuses a tampered secret with the same id', () => {
    const a = generateApiKey();
    const last = a.key.at(-1) === 'A' ? 'B' : 'A';
    const tampered = a.key.slice(0, -1) + last;
    expect(apiKeyId(tampered)).toBe(a.keyId);
    expect(apiKeyMatches(tampered, a.hash)).toBe(false);
  });
});

describe('passwords', () => {
  it('verifies the right password and refuses others', async () => {
    const h = await hashPassword('correct horse');
    expect(h.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('correct horse', h)).toBe(true);
    expect(await verifyPassword('correct hors', h)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});
