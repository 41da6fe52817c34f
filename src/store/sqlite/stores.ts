import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ContainerStore, Stores } from '../types.js';
import { SqliteContainerStore } from './container-store.js';
import { SqliteControlStore } from './control-store.js';

const CONTAINER_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The embedded default: `<dataDir>/control.db` for organizations, users, keys and credits, and one
 * `<dataDir>/containers/<id>.db` per container so each tenant's data is physically apart.
 */
export class SqliteStores implements Stores {
  readonly dataDir: string;
  readonly control: SqliteControlStore;
  private readonly containers = new Map<string, SqliteContainerStore>();

  constructor(dataDir: string) {
    this.dataDir = dataDir;
    mkdirSync(join(dataDir, 'containers'), { recursive: true });
    this.control = new SqliteControlStore(join(dataDir, 'control.db'));
  }

  async container(id: string): Promise<ContainerStore> {
    // The id becomes a file name: refuse anything that is not a plain identifier.
    if (!CONTAINER_ID.test(id)) throw new Error(`Invalid container id: ${id}`);
    let store = this.containers.get(id);
    if (!store) {
      store = new SqliteContainerStore(id, join(this.dataDir, 'containers', `${id}.db`));
      this.containers.set(id, store);
    }
    return store;
  }

  async containerIdsOnDisk(): Promise<string[]> {
    return readdirSync(join(this.dataDir, 'containers'))
      .filter((f) => f.endsWith('.db'))
      .map((f) => f.slice(0, -3))
      .filter((id) => CONTAINER_ID.test(id));
  }

  async close(): Promise<void> {
    for (const s of this.containers.values()) await s.close();
    this.containers.clear();
    await this.control.close();
  }
}
