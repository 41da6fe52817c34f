import type { Stores } from '../store/types.js';
import { analysisHeld } from './analysis-held.js';
import type { JobHandler } from './handler.js';
import { JobKind } from './job-kinds.js';
const ANALYSIS_KINDS = [JobKind.analyzeEntry];

export interface WorkerOptions {
  idleMs: number;
  maxAttempts?: number;
  /** How often to look for work queued by other processes. */
  rescanMs?: number;
  onError?: (err: unknown, context: { containerId: string; jobId: string; kind: string }) => void;
}

/**
 * Runs durable jobs (rows in each container's database) one at a time. At start it returns jobs a crash
 * left `running` to the queue, so every acknowledged write still gets its workflow after a restart.
 */
export class JobWorker {
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private woken = false;
  private rescanTimer: NodeJS.Timeout | null = null;
  private readonly maxAttempts: number;

  constructor(
    private readonly stores: Stores,
    private readonly handlers: Record<string, JobHandler>,
    private readonly opts: WorkerOptions,
  ) {
    this.maxAttempts = opts.maxAttempts ?? 5;
  }

  async start(): Promise<void> {
    for (const id of await this.stores.containerIdsOnDisk()) {
      const entries = await this.stores.container(id);
      await entries.requeueRunningJobs();
      if ((await entries.pendingJobCount()) > 0) this.dirty.add(id);
    }
    this.schedule(0);
    // Other processes (`svc admin`, `svc mcp --data-dir`) queue work in the same data dir: look for it.
    this.rescanTimer = setInterval(() => {
      this.rescan().catch((err) => this.opts.onError?.(err, { containerId: '*', jobId: '-', kind: 'rescan' }));
    }, this.opts.rescanMs ?? 1000);
    this.rescanTimer.unref();
  }

  private async rescan(): Promise<void> {
    if (this.stopped) return;
    const now = Date.now();
    for (const id of await this.stores.containerIdsOnDisk()) {
      if (this.dirty.has(id)) continue;
      if (await (await this.stores.container(id)).hasRunnableJobs(now)) this.wake(id);
    }
  }

  /** Hint that a container has new work; the loop picks it up at once. */
  wake(containerId: string): void {
    this.dirty.add(containerId);
    this.woken = true;
    if (!this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.rescanTimer) clearInterval(this.rescanTimer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.tick()
        .catch((err) => {
          // A store error outside a job (e.g. a busy database) must not stop the loop: try again shortly.
          this.opts.onError?.(err, { containerId: '*', jobId: '-', kind: 'tick' });
          this.woken = true;
        })
        .finally(() => {
          this.running = null;
          if (this.woken && !this.timer) this.schedule(this.opts.idleMs);
        });
    }, ms);
  }

  private async tick(): Promise<void> {
    let didWork = false;
    this.woken = false;
    for (const containerId of [...this.dirty]) {
      if (this.stopped) return;
      const container = await this.stores.control.getContainer(containerId);
      const entries = await this.stores.container(containerId);
      const held = !container || analysisHeld(container);
      const job = await entries.claimJob(Date.now(), held ? ANALYSIS_KINDS : []);
      if (!job) {
        if ((await entries.pendingJobCount()) === 0) this.dirty.delete(containerId);
        // A requested manual pass ends when nothing is left to analyse.
        if (container?.analysisRequestedAt != null && !(await entries.hasRunnableJobs(Date.now()))) {
          await this.stores.control.updateContainer(containerId, { analysisRequestedAt: null });
        }
        continue;
      }
      didWork = true;
      const handler = this.handlers[job.kind];
      try {
        if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
        await handler(job, { stores: this.stores, containerId, entries, now: () => Date.now() });
        await entries.completeJob(job.id);
      } catch (err) {
        this.opts.onError?.(err, { containerId, jobId: job.id, kind: job.kind });
        const message = err instanceof Error ? err.message : String(err);
        const retryAt = job.attempts < this.maxAttempts ? Date.now() + 1000 * 2 ** (job.attempts - 1) : null;
        await entries.failJob(job.id, message, retryAt);
      }
    }
    // Containers left dirty hold jobs waiting for a retry time: poll them at the idle pace.
    if (didWork || this.woken) this.schedule(0);
    else if (this.dirty.size > 0) this.schedule(this.opts.idleMs);
  }
}
