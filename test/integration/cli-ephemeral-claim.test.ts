import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, svc, type TestDaemon } from '../helpers/daemon.js';

// `svc init --ephemeral` then `svc write` and `svc claim`, as a fresh user with no account would run them.
describe('svc init --ephemeral and svc claim', () => {
  let d: TestDaemon;
  let configDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    d = await startDaemon();
    configDir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
    env = { SVC_CONFIG_DIR: configDir };
  }, 60_000);
  afterAll(async () => {
    rmSync(configDir, { recursive: true, force: true });
    await d?.stop();
  });

  it('creates an ephemeral container, saves server, key and container, so the next svc write works', async () => {
    const init = await svc(['init', '--ephemeral', '--name', 'cli scratch', '--server', d.url, '--json'], { env });
    expect(init.exitCode).toBe(0);
    const out = JSON.parse(init.stdout);
    expect(out).toMatchObject({ server: d.url, containerId: expect.any(String), key: expect.stringMatching(/^svc_/), credits: 200 });

    const write = await svc(['write', 'remember the milk', '--json'], { env });
    expect(write.exitCode).toBe(0);
    const status = await d.rest('GET', '/status', { containerId: out.containerId, key: out.key });
    expect(status.body.data).toMatchObject({ containerName: 'cli scratch', is_ephemeral: true });
    expect(status.body.data.counts.entries.total).toBeGreaterThanOrEqual(1);

    // Human output names the container and the key; without a TTY `svc claim` prints the link only.
    const claim = await svc(['claim'], { env });
    expect(claim.exitCode).toBe(0);
    expect(claim.stdout).toMatch(new RegExp(`^${d.url}/claim/[A-Za-z0-9_-]{43}\\n`));
    const json = JSON.parse((await svc(['claim', '--no-open', '--json'], { env })).stdout);
    expect(json).toEqual({ claim_url: expect.stringContaining('/claim/'), expires_in: 3600 });
  });

  it('svc init without --ephemeral explains what to do, with a usage exit code', async () => {
    const r = await svc(['init', '--server', d.url], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--ephemeral/);
  });

  it('svc claim on a permanent container fails with 404 (the tool is not listed there)', async () => {
    const r = await d.cli(['claim', '--no-open']);
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/svc_claim|not found/i);
  });
});
