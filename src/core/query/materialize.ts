import { mkdirSync, readdirSync, renameSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ContainerStore } from '../../store/types.js';
import { ServiceUnavailable } from '../errors.js';
import { buildSandboxDatabase } from './sandbox-build.js';
import { sandboxPool } from './sandbox-pool.js';

// Concurrent queries after the same change share one rebuild.
const building = new Map<string, Promise<void>>();

/**
 * The sandbox database of a container: a separate file holding only the `fields` catalog and the object
 * tables, rebuilt when the container's objects version moves. Queries never see the container database,
 * so raw content, the graph and internals are out of reach whatever a statement says.
 */
export async function sandboxFile(dataDir: string, entries: ContainerStore): Promise<string> {
  const version = await entries.objectsVersion();
  const dir = join(dataDir, 'query');
  const prefix = `${entries.containerId}.v`;
  const file = join(dir, `${prefix}${version}.db`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  let pending = building.get(file);
  if (!pending) {
    pending = build(entries, file).finally(() => building.delete(file));
    building.set(file, pending);
  }
  await pending;
  // Older copies go, except the one just before (a query may still be reading it).
  for (const f of readdirSync(dir)) {
    const m = f.startsWith(prefix) ? /^(\d+)\.db$/.exec(f.slice(prefix.length)) : null;
    if (m && Number(m[1]) < version - 1) rmSync(join(dir, f), { force: true });
  }
  return file;
}

/**
 * Builds into a temporary file and renames it into place. With a SQLite container the rows are read and
 * written by a sandbox process, so a large rebuild never blocks the daemon's event loop.
 */
async function build(entries: ContainerStore, file: string): Promise<void> {
  const profiles = await entries.listObjectProfiles();
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    const containerFile = entries.databaseFile();
    if (containerFile) {
      const reply = await sandboxPool.build({ containerFile, out: tmp, profiles });
      if (!reply.ok) throw new ServiceUnavailable(`The query tables could not be prepared: ${reply.error}`);
    } else {
      buildSandboxDatabase(tmp, profiles, await entries.listObjectRows());
    }
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
}
