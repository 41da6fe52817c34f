// Authentication overhead: GET /status latency with an API key vs an OAuth access token (JWT, EdDSA),
// against an in-process daemon on a temp data dir. Prints JSON; also writes it to .bench-out/auth.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../dist/config/config.js';
import { bootstrapOrg } from '../dist/core/admin/bootstrap-org.js';
import { createApiKey } from '../dist/core/admin/create-api-key.js';
import { createContainer } from '../dist/core/admin/create-container.js';
import { startDaemon } from '../dist/server/daemon.js';
import { loadSigningKey } from '../dist/auth/oauth/signing-key.js';
import { tokensForSession } from '../dist/auth/oauth/token-response.js';

const N = Number(process.env.BENCH_AUTH_N ?? 500);
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-auth-'));
const config = loadConfig({ dataDir, port: 0, host: '127.0.0.1' }, {});
const daemon = await startDaemon(config);
const control = daemon.stores.control;
const { userId } = await bootstrapOrg(control, { email: 'b@example.com', password: 'bench password', org: 'bench', initialCredits: 1000 });
const { containerId } = await createContainer(daemon.stores, { org: 'bench', name: 'bench' });
const { key } = await createApiKey(control, { org: 'bench', containerId, name: 'bench' });
const client = await control.createOAuthClient({ name: 'bench', redirectUris: ['http://127.0.0.1/cb'] });
const resource = `${daemon.url}/container/${containerId}`;
const session = await control.createOAuthSession({ userId, clientId: client.id, resource, scope: 'containers:read' });
const ctx = { control, key: await loadSigningKey(dataDir), issuer: () => daemon.url, now: () => Date.now() };
const { access_token } = await tokensForSession(ctx, session);

async function measure(headers) {
  const times = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    const r = await fetch(`${resource}/status`, { headers });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`status ${r.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const pct = (p) => Number(times[Math.floor((times.length - 1) * p)].toFixed(3));
  return { n: N, p50Ms: pct(0.5), p95Ms: pct(0.95), meanMs: Number((times.reduce((a, b) => a + b, 0) / N).toFixed(3)) };
}

await measure({ 'x-api-key': key }); // warm-up
const result = {
  bench: 'auth',
  at: new Date().toISOString(),
  apiKey: await measure({ 'x-api-key': key }),
  oauthAccessToken: await measure({ authorization: `Bearer ${access_token}` }),
};
await daemon.close();
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(new URL('../.bench-out/', import.meta.url), { recursive: true });
writeFileSync(new URL('../.bench-out/auth.json', import.meta.url), JSON.stringify(result, null, 2));
console.log(JSON.stringify(result, null, 2));
