import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Key id (RFC 7638 thumbprint), put in each token header so a future rotation can keep old keys. */
  kid: string;
  publicJwk: JWK;
}

export const SIGNING_KEY_FILE = 'oauth-signing-key.pem';

/**
 * The Ed25519 key that signs access tokens, kept in the data dir (created on first start, mode 0600) so
 * tokens survive a restart. Deleting the file invalidates every access token at once.
 */
export async function loadSigningKey(dataDir: string): Promise<SigningKey> {
  const file = join(dataDir, SIGNING_KEY_FILE);
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('ed25519');
    // `wx` fails if another process created it meanwhile; then we read theirs.
    try {
      writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const privateKey = createPrivateKey(readFileSync(file));
  const publicKey = createPublicKey(privateKey);
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return { privateKey, publicKey, kid, publicJwk: { ...publicJwk, kid, alg: 'EdDSA', use: 'sig' } };
}
