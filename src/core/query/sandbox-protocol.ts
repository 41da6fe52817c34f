import type { ObjectProfileRecord } from '../../store/types.js';

/** Messages between the daemon and a query sandbox process (see sandbox-pool.ts, sandbox-child.ts). */

export interface SandboxQuery {
  kind: 'query';
  file: string;
  sql: string;
  maxRows: number;
  maxBytes: number;
  /** Largest blob randomblob()/zeroblob() may make. */
  maxBlobBytes: number;
}

/** Build a sandbox database at `out` from the object rows of the container database `containerFile`. */
export interface SandboxBuild {
  kind: 'build';
  containerFile: string;
  out: string;
  profiles: ObjectProfileRecord[];
}

export type SandboxRequest = SandboxQuery | SandboxBuild;

export type SandboxFailure = { ok: false; error: string };
export type SandboxQueryReply = { ok: true; columns: string[]; rows: unknown[][]; truncated: boolean } | SandboxFailure;
export type SandboxBuildReply = { ok: true } | SandboxFailure;
export type SandboxReply = SandboxQueryReply | SandboxBuildReply;

export type SandboxMessage = { ready: true } | SandboxReply;
