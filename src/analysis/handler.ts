import type { ContainerStore, JobRecord, Stores } from '../store/types.js';

export interface JobEnvironment {
  stores: Stores;
  containerId: string;
  entries: ContainerStore;
  now(): number;
}

/** Runs one job. Must be idempotent: a crash after the work but before completion runs it again. */
export type JobHandler = (job: JobRecord, env: JobEnvironment) => Promise<void>;
