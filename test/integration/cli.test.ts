import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, svc, type TestDaemon } from '../helpers/daemon.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startDaemon();
});
afterAll(async () => {
  await d?.stop();
});

describe('svc CLI against a running daemon', () => {
  it('writes text from an argument with tags and metadata, and prints the entry id', async () => {
    const r = await d.cli(['write', 'cli note', '--tag', 'a', '--tag', 'b', '--meta', 'team=infra', '--meta', 'n=3']);
    expect(r.exitCode).toBe(0);
    const id = /entryId\s+(\S+)/.exec(r.stdout)![1];
    const got = await d.cli(['explore', id, '--json']);
    const data = JSON.parse(got.stdout);
    expect(data.entry).toMatchObject({ content: 'cli note', tags: ['a', 'b'], properties: { team: 'infra', n: 3 }, source: 'webhook:main-key' });
  });

  it('writes text from stdin and --json prints the raw data', async () => {
    const r = await d.cli(['write', '--json'], { input: 'from stdin\n' });
    expect(r.exitCode).toBe(0);
    const { entryId } = JSON.parse(r.stdout);
    const got = JSON.parse((await d.cli(['explore', entryId, '--json'])).stdout);
    expect(got.entry.content).toBe('from stdin');
  });

  it('writes a structured object with --object', async () => {
    const r = await d.cli(['write', '--object', 'contact', '{"name":"Ann"}', '--json']);
    const out = JSON.parse(r.stdout);
    expect(out.object).toBe('contact');
    const got = JSON.parse((await d.cli(['explore', out.entryId, '--json'])).stdout);
    expect(got.entry.content).toEqual({ name: 'Ann' });
  });

  it('explores, shows status and deletes', async () => {
    const list = await d.cli(['explore', '--limit', '2']);
    expect(list.exitCode).toBe(0);
    expect(list.stdout).toMatch(/shown of \d+ rows/);
    const status = JSON.parse((await d.cli(['status', '--json'])).stdout);
    expect(status.containerId).toBe(d.containerId);
    const id = JSON.parse((await d.cli(['write', 'bye', '--json'])).stdout).entryId;
    const del = await d.cli(['delete', id]);
    expect(del.exitCode).toBe(0);
    expect(del.stdout).toContain(id);
  });

  it('prints the server code and message and exits non-zero on errors', async () => {
    const missing = await d.cli(['delete', 'no-such-id']);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toMatch(/NOT_FOUND/);
    const bad = await d.cli(['write', 'x', '--occurred-at', '2999-01-01']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/BAD_REQUEST.*future/);
    const unauth = await d.cli(['status'], { env: { SVC_API_KEY: 'nope' } });
    expect(unauth.exitCode).toBe(3);
    expect(unauth.stderr).toMatch(/401/);
  });

  it('reports an unreachable server with its own exit code', async () => {
    const r = await d.cli(['status'], { env: { SVC_SERVER: 'http://127.0.0.1:9' } });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/Cannot reach/);
  });

  it('flags beat environment variables, which beat saved settings', async () => {
    const env = { ...d.env, SVC_SERVER: '', SVC_API_KEY: '', SVC_CONTAINER: '' };
    delete (env as any).SVC_SERVER;
    const saved = await svc(['config', 'set', '--server', d.url, '--key', d.key, '--container', d.containerId], { env: d.env });
    expect(saved.exitCode).toBe(0);
    const viaSaved = await svc(['status', '--json'], { env: d.env });
    expect(viaSaved.exitCode).toBe(0);
    const viaFlag = await svc(['status', '--json', '--key', 'bad-key'], { env: d.env });
    expect(viaFlag.exitCode).toBe(3);
    const shown = await svc(['config', 'show', '--json'], { env: d.env });
    expect(JSON.parse(shown.stdout).apiKey).not.toBe(d.key);
  });

  it('the committed bash completion matches the command tree', async () => {
    const { readFileSync } = await import('node:fs');
    const generated = await svc(['completion', 'bash']);
    expect(readFileSync(new URL('../../completions/svc.bash', import.meta.url), 'utf8').trim()).toBe(generated.stdout.trim());
  });
});

describe('svc admin', () => {
  it('refuses bad bootstrap input with a clear error', async () => {
    const r = await svc(['admin', 'init', '--email', 'nope', '--password', 'short', '--org', 'x', '--data-dir', d.dataDir]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/email/);
    const dup = await svc(['admin', 'init', '--email', 'new@example.com', '--password', 'long enough', '--org', 'acme', '--data-dir', d.dataDir]);
    expect(dup.exitCode).toBe(6);
    const noOrg = await svc(['admin', 'container', 'create', '--org', 'ghost', '--name', 'x', '--data-dir', d.dataDir]);
    expect(noOrg.exitCode).toBe(4);
    const badAmount = await svc(['admin', 'credits', 'grant', '--org', 'acme', '--amount', '-5', '--data-dir', d.dataDir]);
    expect(badAmount.exitCode).toBe(2);
  });
});
