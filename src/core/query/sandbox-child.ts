// The query sandbox process. The daemon starts it under an address-space limit and kills it when a query
// overruns its time budget, so nothing a statement does here can stall or exhaust the daemon itself.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { readObjectRows } from '../../store/sqlite/object-tables.js';
import { buildSandboxDatabase } from './sandbox-build.js';
import type { SandboxBuild, SandboxBuildReply, SandboxQuery, SandboxQueryReply, SandboxRequest } from './sandbox-protocol.js';

function jsonValue(v: unknown): unknown {
  // Blobs travel as SQLite writes them in SQL text (X'..'); JSON has no bytes.
  if (Buffer.isBuffer(v)) return `X'${v.toString('hex').toUpperCase()}'`;
  if (typeof v === 'bigint') return Number(v);
  return v;
}

// Trusted work: the rows are read here so a large rebuild never blocks the daemon. The container database
// is opened read-only and closed before any statement of a caller runs in this process.
function build(req: SandboxBuild): SandboxBuildReply {
  try {
    const source = new Database(req.containerFile, { readonly: true, fileMustExist: true });
    let rows;
    try {
      source.pragma('busy_timeout = 5000');
      rows = readObjectRows(source);
    } finally {
      source.close();
    }
    buildSandboxDatabase(req.out, req.profiles, rows);
    return { ok: true };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}

function run(req: SandboxQuery): SandboxQueryReply {
  const db = new Database(req.file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('query_only = 1');
    db.pragma('trusted_schema = 0');
    // better-sqlite3 cannot set sqlite3_limit(SQLITE_LIMIT_LENGTH); cap the two blob makers directly.
    const capped = (name: string, make: (n: number) => Buffer) =>
      db.function(name, { deterministic: false }, (n: unknown) => {
        const size = Math.max(0, Math.floor(Number(n) || 0));
        if (size > req.maxBlobBytes) throw new Error(`${name}(${size}) exceeds the ${req.maxBlobBytes}-byte cap of svc_query`);
        return make(size);
      });
    capped('randomblob', (n) => randomBytes(Math.max(n, 1)));
    capped('zeroblob', (n) => Buffer.alloc(n));

    const stmt = db.prepare(req.sql);
    if (!stmt.reader || !stmt.readonly) return { ok: false, error: 'Query refused: the statement does not only read rows' };
    stmt.raw(true);
    const columns = stmt.columns().map((c) => c.name);
    const rows: unknown[][] = [];
    let bytes = 2;
    let truncated = false;
    for (const raw of stmt.iterate() as Iterable<unknown[]>) {
      if (rows.length === req.maxRows) {
        truncated = true;
        break;
      }
      const row = raw.map(jsonValue);
      const size = JSON.stringify(row).length + 1;
      if (bytes + size > req.maxBytes) {
        if (rows.length === 0) {
          return { ok: false, error: `Query result too large: the first row alone is ${size} bytes, over the ${req.maxBytes}-byte result budget; select fewer or shorter values (e.g. substr(col, 1, 1000))` };
        }
        truncated = true;
        break;
      }
      rows.push(row);
      bytes += size;
    }
    return { ok: true, columns, rows, truncated };
  } catch (err) {
    const message = (err as Error).message;
    if (/out of memory|string or blob too big/i.test(message)) {
      return { ok: false, error: `Query stopped: it exceeded the memory budget of the query sandbox (SQLite error: ${message})` };
    }
    return { ok: false, error: `SQLite error: ${message}` };
  } finally {
    db.close();
  }
}

process.on('message', (req: SandboxRequest) => {
  process.send!(req.kind === 'build' ? build(req) : run(req));
});
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
