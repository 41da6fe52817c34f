import type { ContainerContext } from '../context.js';
import { BadRequest } from '../errors.js';
import { sandboxFile } from './materialize.js';
import { sandboxPool } from './sandbox-pool.js';
import { validateStatement } from './validate-statement.js';

/** Spec § Limits: 200 rows or about 256 KB of serialized rows. */
export const QUERY_MAX_ROWS = 200;
export const QUERY_MAX_BYTES = 256 * 1024;
/** randomblob()/zeroblob() cap: a result row may not exceed the result budget anyway. */
export const QUERY_MAX_BLOB_BYTES = 1024 * 1024;

export interface QueryResult {
  columns: string[];
  rows: unknown[][];
  rowCount: number;
  truncated: boolean;
}

/** svc_query: check the statement, bring the sandbox database up to date, run it under budgets. */
export async function runQuery(ctx: ContainerContext, sql: string): Promise<QueryResult> {
  const profiles = await ctx.entries.listObjectProfiles();
  validateStatement(sql, [...new Set(profiles.map((p) => p.object))]);
  const file = await sandboxFile(ctx.stores.dataDir, ctx.entries);
  const reply = await sandboxPool.run({ file, sql, maxRows: QUERY_MAX_ROWS, maxBytes: QUERY_MAX_BYTES, maxBlobBytes: QUERY_MAX_BLOB_BYTES });
  if (!reply.ok) throw new BadRequest(reply.error);
  return { columns: reply.columns, rows: reply.rows, rowCount: reply.rows.length, truncated: reply.truncated };
}
