import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long a signed download URL stays valid. */
export const DOWNLOAD_URL_TTL_SECONDS = 900;

const keys = new Map<string, Buffer>();

/**
 * The daemon's URL-signing key: 32 random bytes kept in `<dataDir>/files/url-signing.key` (mode 0600), made
 * on first use so links survive a restart and every process on the data dir signs alike.
 */
function signingKey(dataDir: string): Buffer {
  let key = keys.get(dataDir);
  if (key) return key;
  const dir = join(dataDir, 'files');
  const file = join(dir, 'url-signing.key');
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  key = readFileSync(file);
  keys.set(dataDir, key);
  return key;
}

function mac(dataDir: string, containerId: string, fileId: string, expires: number): string {
  return createHmac('sha256', signingKey(dataDir)).update(`${containerId}/${fileId}/${expires}`).digest('base64url');
}

/** Path and query of a signed download link: `/files/<containerId>/<fileId>?expires=<unix s>&signature=<hmac>`. */
export function signDownloadPath(dataDir: string, containerId: string, fileId: string, expires: number): string {
  const sig = mac(dataDir, containerId, fileId, expires);
  return `/files/${encodeURIComponent(containerId)}/${encodeURIComponent(fileId)}?expires=${expires}&signature=${sig}`;
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

export function checkDownloadSignature(
  dataDir: string,
  containerId: string,
  fileId: string,
  expiresParam: string | null,
  signature: string | null,
  nowMs: number,
): SignatureCheck {
  if (!expiresParam || !signature || !/^\d{1,12}$/.test(expiresParam)) return 'invalid';
  const expires = Number(expiresParam);
  const expected = Buffer.from(mac(dataDir, containerId, fileId, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 < nowMs ? 'expired' : 'valid';
}
