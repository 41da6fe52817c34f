import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const ID = /^[A-Za-z0-9-]{1,64}$/;

function checkId(kind: string, id: string): string {
  // Ids become path segments: anything but a plain identifier is refused, never joined.
  if (!ID.test(id)) throw new Error(`Invalid ${kind} id: ${id}`);
  return id;
}

/** Where an uploaded file's original bytes live: `<dataDir>/files/<containerId>/<fileId>`. */
export function fileBytesPath(dataDir: string, containerId: string, fileId: string): string {
  return join(dataDir, 'files', checkId('container', containerId), checkId('file', fileId));
}

/** A fresh temporary path for an upload in progress, on the same file system as the final place. */
export function newUploadTempPath(dataDir: string): string {
  const dir = join(dataDir, 'files', 'tmp');
  mkdirSync(dir, { recursive: true });
  return join(dir, `${randomUUID()}.part`);
}

/** Moves a finished upload into place (a rename: atomic, no copy). */
export async function moveIntoPlace(tempPath: string, dataDir: string, containerId: string, fileId: string): Promise<void> {
  const dest = fileBytesPath(dataDir, containerId, fileId);
  mkdirSync(join(dataDir, 'files', containerId), { recursive: true });
  await rename(tempPath, dest);
}

export async function removeQuietly(path: string): Promise<void> {
  await rm(path, { force: true });
}

/**
 * Removes upload temp files left by a crash or a dropped connection (run at daemon start). Only files older
 * than `olderThanMs` go, so an upload streaming from another process on the same data dir is left alone.
 */
export async function sweepStaleUploads(dataDir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  const dir = join(dataDir, 'files', 'tmp');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.part'))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > olderThanMs) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}
