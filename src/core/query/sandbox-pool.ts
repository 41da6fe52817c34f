import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ServiceUnavailable } from '../errors.js';
import type { SandboxBuild, SandboxBuildReply, SandboxMessage, SandboxQuery, SandboxQueryReply, SandboxReply, SandboxRequest } from './sandbox-protocol.js';

/** Wall-clock budget of one statement; past it the sandbox process is killed. */
export const QUERY_TIME_BUDGET_MS = 5_000;
/** Budget for rebuilding a container's query tables (trusted work, but still bounded). */
export const BUILD_TIME_BUDGET_MS = 60_000;
/** Address space of a sandbox process (KiB): SQLite's allocations fail cleanly ("out of memory") past it. */
export const SANDBOX_ADDRESS_SPACE_KB = 1_048_576;
const MAX_RUNNING = 3;
const MAX_IDLE = 1;
/** How long a query waits for a free sandbox before the caller is told to retry (503). */
const QUEUE_WAIT_MS = 15_000;

const CHILD = fileURLToPath(new URL('./sandbox-child.js', import.meta.url));

interface Sandbox {
  proc: ChildProcess;
  stderr: string;
}

/**
 * Runs statements in separate processes. A worker thread cannot be stopped while SQLite is inside one long
 * step (better-sqlite3 has neither an interrupt nor a progress handler), and it shares the daemon's heap;
 * a process can be killed at any moment and given its own memory ceiling.
 */
class SandboxPool {
  private idle: Sandbox[] = [];
  private running = 0;
  private waiting: Array<() => void> = [];
  /** Cleared when this Node cannot even start under the address-space limit (its own reservations exceed it). */
  private addressLimit = existsSync('/bin/sh');

  /**
   * `limited` sandboxes run callers' statements: `ulimit -v` bounds native (SQLite) memory too, which V8
   * flags cannot (without a POSIX shell the time budget and blob caps still apply). Builders run only our
   * own code over the container's rows and get room for large containers instead.
   */
  private async start(limited: boolean): Promise<Sandbox> {
    if (!limited || !this.addressLimit) return this.spawnSandbox(limited, false);
    try {
      return await this.spawnSandbox(true, true);
    } catch (err) {
      // Better a sandbox bounded by time, heap and blob caps than no svc_query at all; say so once.
      this.addressLimit = false;
      process.stderr.write(`[svc] query sandboxes cannot start under a ${SANDBOX_ADDRESS_SPACE_KB} KiB address-space limit on this Node; running them without it (${(err as Error).message.split('\n')[0].slice(0, 200)})\n`);
      return this.spawnSandbox(true, false);
    }
  }

  private spawnSandbox(limited: boolean, addressLimit: boolean): Promise<Sandbox> {
    const stdio: Array<'ignore' | 'pipe' | 'ipc'> = ['ignore', 'ignore', 'pipe', 'ipc'];
    const heap = limited ? '--max-old-space-size=192' : '--max-old-space-size=2048';
    const proc = addressLimit
      ? spawn('/bin/sh', ['-c', `ulimit -v ${SANDBOX_ADDRESS_SPACE_KB} 2>/dev/null; exec "$0" ${heap} "$1"`, process.execPath, CHILD], { stdio })
      : spawn(process.execPath, [heap, CHILD], { stdio });
    const box: Sandbox = { proc, stderr: '' };
    (proc.stderr as unknown as { unref?: () => void } | null)?.unref?.();
    proc.stderr!.on('data', (d: Buffer) => {
      box.stderr = (box.stderr + d.toString()).slice(-2000);
    });
    proc.on('exit', () => {
      this.idle = this.idle.filter((b) => b !== box);
    });
    return new Promise((resolve, reject) => {
      const onMessage = (m: SandboxMessage) => {
        if ('ready' in m) {
          proc.off('exit', onExit);
          resolve(box);
        }
      };
      const onExit = () => reject(new ServiceUnavailable(`The query sandbox could not start: ${box.stderr.trim() || 'it exited at once'}`));
      proc.once('message', onMessage);
      proc.once('exit', onExit);
    });
  }

  private async slot(): Promise<void> {
    if (this.running < MAX_RUNNING) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== go);
        reject(new ServiceUnavailable('Every query sandbox is busy; retry shortly'));
      }, QUEUE_WAIT_MS);
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(go);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  /** Runs one caller statement under the time budget. */
  run(req: Omit<SandboxQuery, 'kind'>): Promise<SandboxQueryReply> {
    const stopped = `Query stopped: it ran longer than the ${QUERY_TIME_BUDGET_MS / 1000} s time budget (a runaway recursive CTE or a very large computation?)`;
    return this.exchange({ kind: 'query', ...req }, true, QUERY_TIME_BUDGET_MS, stopped) as Promise<SandboxQueryReply>;
  }

  /** Builds a container's sandbox database in a sandbox process. */
  build(req: Omit<SandboxBuild, 'kind'>): Promise<SandboxBuildReply> {
    return this.exchange({ kind: 'build', ...req }, false, BUILD_TIME_BUDGET_MS, `building the query tables took longer than ${BUILD_TIME_BUDGET_MS / 1000} s`);
  }

  private async exchange(req: SandboxRequest, limited: boolean, budgetMs: number, timeoutMessage: string): Promise<SandboxReply> {
    await this.slot();
    try {
      const box = limited ? (this.idle.pop() ?? (await this.start(true))) : await this.start(false);
      return await this.send(box, req, limited, budgetMs, timeoutMessage);
    } finally {
      this.release();
    }
  }

  private send(box: Sandbox, req: SandboxRequest, reusable: boolean, budgetMs: number, timeoutMessage: string): Promise<SandboxReply> {
    const { proc } = box;
    hold(proc, true);
    return new Promise((resolve) => {
      const finish = (reply: SandboxReply, healthy: boolean) => {
        clearTimeout(timer);
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        if (healthy && reusable && this.idle.length < MAX_IDLE && proc.exitCode === null) {
          hold(proc, false);
          this.idle.push(box);
        } else proc.kill('SIGKILL');
        resolve(reply);
      };
      const onMessage = (m: SandboxMessage) => {
        if (!('ready' in m)) finish(m, true);
      };
      const onExit = () =>
        finish({ ok: false, error: `Query stopped: it exceeded the sandbox memory budget (${/out of memory|heap|bad_alloc/i.test(box.stderr) ? 'out of memory' : 'the sandbox process ended'})` }, false);
      const timer = setTimeout(() => finish({ ok: false, error: timeoutMessage }, false), budgetMs);
      proc.on('message', onMessage);
      proc.once('exit', onExit);
      proc.send(req);
    });
  }
}

/**
 * A sandbox keeps its parent alive only while it works: an idle one must not hold the daemon (or a CLI run)
 * open, and it exits by itself when the parent's channel closes.
 */
function hold(proc: ChildProcess, busy: boolean): void {
  const channel = proc.channel as unknown as { ref?: () => void; unref?: () => void } | undefined;
  if (busy) {
    proc.ref();
    channel?.ref?.();
  } else {
    proc.unref();
    channel?.unref?.();
  }
}

/** One pool per process: sandboxes are an operating-system resource, like the process's open files. */
export const sandboxPool = new SandboxPool();
