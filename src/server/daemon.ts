import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureAi } from '../ai/providers.js';
import { jobHandlers } from '../analysis/handlers/index.js';
import { JobWorker } from '../analysis/worker.js';
import type { Config } from '../config/config.js';
import { sweepStaleUploads } from '../core/files/storage.js';
import { SqliteStores } from '../store/sqlite/stores.js';
import { selectVectorIndex } from '../store/sqlite/vector-index-factory.js';
import type { Stores } from '../store/types.js';
import { createRequestHandler } from './app.js';
import { mcpHttpRoutes } from './mcp/http-routes.js';
import { ephemeralRoutes } from './ephemeral/ephemeral-routes.js';
import { fileRoutes } from './files/download-routes.js';
import { containerRoutes } from './rest/container-routes.js';
import { toolSettingsRoutes } from './settings/tool-settings-routes.js';
import { loadSigningKey } from '../auth/oauth/signing-key.js';
import type { OAuthServerContext } from '../auth/oauth/server-context.js';
import { accountRoutes } from './api/account-routes.js';
import { registerAccessTokenVerifier } from './authenticate-request.js';
import { oauthRoutes } from './oauth/oauth-routes.js';
import { claimRoutes } from './claim/claim-routes.js';
import { dashboardRoutes } from './dashboard/dashboard-routes.js';
import { WebAuth } from './dashboard/web-auth.js';
import { SignInThrottle } from '../auth/sign-in-throttle.js';

export interface Daemon {
  url: string;
  stores: Stores;
  worker: JobWorker;
  close(): Promise<void>;
}

function log(message: string, err?: unknown): void {
  const detail = err instanceof Error ? (err.stack ?? err.message) : err !== undefined ? String(err) : '';
  process.stderr.write(`[svc] ${new Date().toISOString()} ${message}${detail ? `\n${detail}` : ''}\n`);
}

/** Opens the store, resumes queued background work, and serves HTTP on the configured address. */
export async function startDaemon(config: Config): Promise<Daemon> {
  const ai = configureAi({
    baseUrl: config.aiBaseUrl,
    apiKey: config.aiApiKey,
    embeddingModel: config.embeddingModel,
    embeddingDimension: config.embeddingDimension,
    chatModel: config.chatModel,
  });
  // Load the embedding model now rather than on the first write, which should be searchable within seconds.
  ai.embedder.embed(['warm up']).catch((err) => log('embedder warm-up failed', err));
  selectVectorIndex(config.vectorIndex);
  const stores = new SqliteStores(config.dataDir);
  const worker = new JobWorker(stores, jobHandlers, {
    idleMs: config.workerIdleMs,
    onError: (err, c) => log(`job ${c.kind} ${c.jobId} in container ${c.containerId} failed`, err),
  });
  await worker.start();
  await sweepStaleUploads(config.dataDir, 60 * 60 * 1000);

  let baseUrl = config.publicUrl ?? '';
  const runtime = { stores, wake: (id: string) => worker.wake(id) };
  const httpDeps = { ...runtime, baseUrl: () => baseUrl, maxJsonBodyBytes: config.maxJsonBodyBytes, log };
  const ephemeral = ephemeralRoutes({ ...runtime, ephemeralPerWindow: config.ephemeralPerWindow, ephemeralWindowSeconds: config.ephemeralWindowSeconds });
  // OAuth: the issuer is the daemon's base URL; access tokens are verified on every transport.
  const signInThrottle = new SignInThrottle();
  const oauth: OAuthServerContext = { control: stores.control, key: await loadSigningKey(config.dataDir), issuer: () => baseUrl.replace(/\/$/, ''), now: () => Date.now(), signInThrottle };
  registerAccessTokenVerifier({ key: oauth.key, issuer: oauth.issuer });
  // The dashboard and claim pages share one browser session; a sign-up gets the server's initial grant.
  const webAuth = new WebAuth({ control: stores.control, initialCredits: config.initialCredits, secure: () => baseUrl.startsWith('https:'), throttle: signInThrottle });
  const server: Server = createServer(
    createRequestHandler(
      [
        // OAuth discovery also answers under /container/<id>/.well-known/…, and settings live under
        // /container/<id>/settings: both are mounted before the generic /container/:id REST group.
        oauthRoutes(oauth),
        accountRoutes({ control: stores.control, baseUrl: () => baseUrl, log }),
        dashboardRoutes({ stores, auth: webAuth, log }),
        claimRoutes({ control: stores.control, auth: webAuth, log }),
        mcpHttpRoutes(httpDeps),
        toolSettingsRoutes(httpDeps),
        ephemeral,
        // Before the REST group: it answers every /container/… path, including the file-link one.
        fileRoutes({ stores, baseUrl: () => baseUrl, log }),
        containerRoutes(httpDeps),
      ],
      log,
    ),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  const url = `http://${host}:${addr.port}`;
  if (!baseUrl) baseUrl = url;

  return {
    url,
    stores,
    worker,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await worker.stop();
      await stores.close();
    },
  };
}
