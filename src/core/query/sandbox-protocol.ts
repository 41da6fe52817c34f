/** Messages between the daemon and a query sandbox process (see sandbox-pool.ts, sandbox-child.ts). */

export interface SandboxRequest {
  file: string;
  sql: string;
  maxRows: number;
  maxBytes: number;
  /** Largest blob randomblob()/zeroblob() may make. */
  maxBlobBytes: number;
}

export type SandboxReply =
  | { ok: true; columns: string[]; rows: unknown[][]; truncated: boolean }
  | { ok: false; error: string };

export type SandboxMessage = { ready: true } | SandboxReply;
