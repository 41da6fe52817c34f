import { execa, type ResultPromise } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const BIN = resolve(import.meta.dirname, '../../bin/svc.js');

export interface CliResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Runs the built `svc` binary like a user would. */
export async function svc(args: string[], opts: { env?: Record<string, string>; input?: string } = {}): Promise<CliResult> {
  const r = await execa('node', [BIN, ...args], { env: opts.env, input: opts.input, reject: false, timeout: 30_000 });
  return { stdout: String(r.stdout), stderr: String(r.stderr), exitCode: r.exitCode ?? -1 };
}

export async function svcJson<T = any>(args: string[], env?: Record<string, string>): Promise<T> {
  const r = await svc([...args, '--json'], { env });
  if (r.exitCode !== 0) throw new Error(`svc ${args.join(' ')} failed (${r.exitCode}): ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

export interface TestDaemon {
  url: string;
  dataDir: string;
  orgId: string;
  userId: string;
  containerId: string;
  /** A container-scoped key for containerId. */
  key: string;
  env: Record<string, string>;
  /** Creates another container in the same org, with a scoped key. */
  newContainer(name: string, flags?: string[]): Promise<{ containerId: string; key: string }>;
  admin<T = any>(args: string[]): Promise<T>;
  /** REST call relative to /container/<id>. */
  rest(method: string, path: string, opts?: { key?: string | null; body?: unknown; containerId?: string; headers?: Record<string, string> }): Promise<{ status: number; headers: Headers; body: any }>;
  /** Runs the CLI pointed at this daemon, container and key. */
  cli(args: string[], opts?: { input?: string; env?: Record<string, string> }): Promise<CliResult>;
  stop(): Promise<void>;
  /** kill -9, then start a new daemon on the same data dir. */
  crashAndRestart(): Promise<void>;
}

async function spawnServe(dataDir: string, env: Record<string, string>): Promise<{ proc: ResultPromise; url: string }> {
  const proc = execa('node', [BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir], {
    env,
    reject: false,
    buffer: false,
    cleanup: true,
  });
  const url = await new Promise<string>((res, rej) => {
    let seen = '';
    const timer = setTimeout(() => rej(new Error(`svc serve did not start: ${seen}`)), 20_000);
    proc.stdout!.on('data', (d: Buffer) => {
      seen += d.toString();
      const m = /svc listening on (http:\/\/\S+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        res(m[1]);
      }
    });
    proc.stderr!.on('data', (d: Buffer) => {
      seen += d.toString();
    });
    proc.on('exit', () => rej(new Error(`svc serve exited: ${seen}`)));
  });
  return { proc, url };
}

/** Bootstraps a fresh data dir with `svc admin` and starts `svc serve` on a free port. */
export async function startDaemon(opts: { env?: Record<string, string> } = {}): Promise<TestDaemon> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  const env: Record<string, string> = { SVC_DATA_DIR: dataDir, SVC_CONFIG_DIR: join(dataDir, 'cli-config'), ...opts.env };
  const admin = <T = any>(args: string[]) => svcJson<T>(['admin', ...args, '--data-dir', dataDir], env);
  const init = await admin<{ organizationId: string; userId: string }>(['init', '--email', 'owner@example.com', '--password', 'correct horse', '--org', 'acme']);
  const newContainer = async (name: string, flags: string[] = []) => {
    const { containerId } = await admin<{ containerId: string }>(['container', 'create', '--org', 'acme', '--name', name, ...flags]);
    const { key } = await admin<{ key: string }>(['key', 'create', '--org', 'acme', '--container', containerId, '--name', `${name}-key`]);
    return { containerId, key };
  };
  const first = await newContainer('main');
  let { proc, url } = await spawnServe(dataDir, env);

  const daemon: TestDaemon = {
    get url() {
      return url;
    },
    dataDir,
    orgId: init.organizationId,
    userId: init.userId,
    containerId: first.containerId,
    key: first.key,
    env,
    newContainer,
    admin,
    async rest(method, path, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      const key = o.key === undefined ? first.key : o.key;
      if (key) headers['x-api-key'] = key;
      let body: string | undefined;
      if (o.body !== undefined) {
        body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(`${url}/container/${o.containerId ?? first.containerId}${path}`, { method, headers, body });
      const text = await res.text();
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* keep text */
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    cli(args, o = {}) {
      return svc(args, {
        input: o.input,
        env: { ...env, SVC_SERVER: url, SVC_API_KEY: first.key, SVC_CONTAINER: first.containerId, ...o.env },
      });
    },
    async stop() {
      proc.kill('SIGTERM');
      await proc;
      rmSync(dataDir, { recursive: true, force: true });
    },
    async crashAndRestart() {
      proc.kill('SIGKILL');
      await proc;
      ({ proc, url } = await spawnServe(dataDir, env));
    },
  };
  return daemon;
}

/** Polls until `check` returns a truthy value (background work finishing), or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
