import { jobHandlers } from '../../analysis/handlers/index.js';
import { JobWorker } from '../../analysis/worker.js';
import { authenticateApiKey } from '../../auth/authenticate.js';
import type { Config } from '../../config/config.js';
import { resolveContainerAccess } from '../../core/access/container-access.js';
import type { Principal } from '../../core/access/principal.js';
import { BadRequest, NotFound } from '../../core/errors.js';
import { SqliteStores } from '../../store/sqlite/stores.js';
import type { ControlStore } from '../../store/types.js';
import { createMcpServer, type McpCaller } from './mcp-server.js';
import { serveOverStdio } from './stdio-lifetime.js';

export interface LocalStdioOptions {
  config: Config;
  /** Checked against the store on every request, so a revoked key stops working at once. */
  apiKey?: string;
  containerId?: string;
  session?: string;
  log(message: string, err?: unknown): void;
}

/**
 * Whoever can open the data dir already administers it (`svc admin`), so without a key the caller acts as
 * the owner of the container's organization.
 */
async function localOwner(control: ControlStore, containerId: string): Promise<Principal> {
  const container = await control.getContainer(containerId);
  if (!container) throw new NotFound(`Container ${containerId} not found in this data dir`);
  const owner = await control.getOrgOwner(container.orgId);
  if (!owner) throw new NotFound(`The organization of container ${containerId} has no owner`);
  return { kind: 'local', userId: owner, orgId: container.orgId, scopeContainerId: containerId, credentialName: 'local' };
}

/**
 * `svc mcp --data-dir DIR`: MCP over stdio straight onto a local store, with the background queue running
 * in this process (it shares the job rows with any `svc serve` on the same data dir).
 */
export async function serveLocalStdio(opts: LocalStdioOptions): Promise<void> {
  const stores = new SqliteStores(opts.config.dataDir);
  const worker = new JobWorker(stores, jobHandlers, {
    idleMs: opts.config.workerIdleMs,
    onError: (err, c) => opts.log(`job ${c.kind} ${c.jobId} in container ${c.containerId} failed`, err),
  });
  const cleanup = async () => {
    await worker.stop();
    await stores.close();
  };
  const caller = async (): Promise<McpCaller> => {
    if (opts.apiKey !== undefined) {
      const principal = await authenticateApiKey(stores.control, opts.apiKey);
      const containerId = opts.containerId ?? principal.scopeContainerId;
      if (!containerId) throw new BadRequest('This key reaches every container of its organization: pass --container');
      return { principal, containerId, session: opts.session };
    }
    if (!opts.containerId) throw new BadRequest('Pass --container (or --key with a container-scoped key)');
    return { principal: await localOwner(stores.control, opts.containerId), containerId: opts.containerId, session: opts.session };
  };
  try {
    // Fail at start, with a clear message on stderr, rather than on the agent's first call.
    const first = await caller();
    await resolveContainerAccess(stores.control, first.principal, first.containerId);
    await worker.start();
  } catch (err) {
    await cleanup();
    throw err;
  }
  const server = createMcpServer({ runtime: { stores, wake: (id) => worker.wake(id) }, caller, log: opts.log });
  await serveOverStdio(server, cleanup);
}
