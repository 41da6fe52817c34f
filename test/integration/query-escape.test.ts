import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { setToolToggle } from '../helpers/tool-toggle.js';

// spec § svc_query: nothing that writes, changes schema or reaches outside the container; runaway
// statements are stopped by a time and size budget and the daemon keeps answering.
let d: TestDaemon;
let other: { containerId: string; key: string };

const query = (sql: string, containerId?: string, key?: string) => d.rest('POST', '/tools/query', { body: { sql }, containerId, key });

beforeAll(async () => {
  d = await startDaemon();
  other = await d.newContainer('secret');
  setToolToggle(d.dataDir, d.containerId, 'svc_query', 'rest', true);
  await d.rest('POST', '/tools/write', { body: { object: 'contact', content: { name: 'Ann', email: 'ann@example.com' } } });
  await d.rest('POST', '/tools/write', {
    containerId: other.containerId,
    key: other.key,
    body: { object: 'payroll', content: { name: 'Zed', salary: 999999 } },
  });
  await d.rest('POST', '/tools/write', { body: { content: 'raw note text that is not an object' } });
}, 60_000);
afterAll(async () => d?.stop());

// Each is refused before it runs (400 with a reason).
const REFUSED: Array<[string, string, RegExp]> = [
  ['pragma statement', 'PRAGMA table_info(contact)', /begin with SELECT or WITH/],
  ['pragma after select', 'SELECT 1; PRAGMA writable_schema = 1', /one statement/],
  ['pragma table-valued form', 'SELECT * FROM pragma_table_info(\'contact\')', /internal|table-valued/],
  ['pragma function in IN', 'SELECT 1 WHERE \'x\' IN pragma_database_list', /internal/],
  ['pragma function quoted', 'SELECT * FROM "pragma_database_list"', /internal/],
  ['pragma in subquery', 'SELECT (SELECT count(*) FROM pragma_function_list) AS n', /internal/],
  ['attach', "ATTACH DATABASE 'x.db' AS x", /begin with SELECT or WITH/],
  ['attach after comment', "SELECT 1 /* hidden */ ; ATTACH 'x.db' AS x", /one statement/],
  ['attach inside with', "WITH a AS (SELECT 1) ATTACH 'x.db' AS x", /ATTACH is not allowed/],
  ['detach', 'SELECT 1; DETACH main', /one statement/],
  ['load_extension', "SELECT load_extension('/tmp/evil.so')", /load_extension\(\) is not allowed/],
  ['load_extension quoted', "SELECT \"load_extension\"('/tmp/evil.so')", /not allowed/],
  ['load_extension bracketed', "SELECT [LOAD_EXTENSION] ('/tmp/evil.so')", /not allowed/],
  ['fts3_tokenizer', "SELECT fts3_tokenizer('simple')", /not allowed/],
  ['writable_schema pragma', 'PRAGMA writable_schema=ON', /begin with SELECT or WITH/],
  ['sqlite_master', 'SELECT * FROM sqlite_master', /internal/],
  ['sqlite_schema', 'SELECT sql FROM sqlite_schema', /internal/],
  ['sqlite_temp_master', 'SELECT * FROM sqlite_temp_master', /internal/],
  ['sqlite_master in IN', "SELECT 1 WHERE 'contact' IN sqlite_master", /internal/],
  ['schema-qualified', 'SELECT * FROM main.contact', /schema-qualified/],
  ['temp-qualified', 'SELECT * FROM temp.sqlite_master', /internal|schema-qualified/],
  ['dbstat', 'SELECT * FROM dbstat', /internal/],
  ['second statement after line comment', 'SELECT 1 -- harmless\n; DELETE FROM contact', /one statement/],
  ['second statement in block comment trick', 'SELECT 1 /* ; */ ; SELECT 2', /one statement/],
  ['insert', "INSERT INTO contact (name) VALUES ('x')", /begin with SELECT or WITH/],
  ['with insert', "WITH x AS (SELECT 1) INSERT INTO contact (name) SELECT 'x'", /INSERT is not allowed/],
  ['with delete', 'WITH x AS (SELECT 1) DELETE FROM contact', /DELETE is not allowed/],
  ['with update', "WITH x AS (SELECT 1) UPDATE contact SET name = 'x'", /UPDATE is not allowed/],
  ['create table', 'CREATE TABLE t (x)', /begin with SELECT or WITH/],
  ['drop via select', 'SELECT 1; DROP TABLE contact', /one statement/],
  ['vacuum into', "VACUUM INTO '/tmp/copy.db'", /begin with SELECT or WITH/],
  ['other container table', 'SELECT * FROM payroll', /SELECT \* FROM fields/],
  ['other container table joined', 'SELECT * FROM contact JOIN payroll ON 1', /SELECT \* FROM fields/],
  ['entries table', 'SELECT content FROM entries', /SELECT \* FROM fields/],
  ['edges table', 'SELECT * FROM contact, edges', /SELECT \* FROM fields/],
  ['jobs in parenthesized join', 'SELECT * FROM (contact JOIN jobs)', /SELECT \* FROM fields/],
  ['entries_fts', "SELECT * FROM entries_fts WHERE entries_fts MATCH 'x'", /SELECT \* FROM fields/],
  ['unknown table function', 'SELECT * FROM generate_series(1, 10)', /only json_each and json_tree/],
  ['fullwidth select', 'ＳＥＬＥＣＴ 1', /begin with SELECT or WITH/],
  ['unicode lookalike table', 'SELECT * FROM ѕqlite_master', /SELECT \* FROM fields/],
  ['nbsp glued keyword', 'SELECT 1\u00a0; SELECT 2', /one statement/],
  ['parameters', 'SELECT * FROM contact WHERE name = :name', /parameters/],
  ['unterminated string', "SELECT 'abc", /Unterminated/],
  ['replace into', "REPLACE INTO contact (name) VALUES ('x')", /begin with SELECT or WITH/],
  ['cte named like internals', 'WITH sqlite_master AS (SELECT 1) SELECT * FROM sqlite_master', /internal|CTE name/],
  ['readfile', "SELECT readfile('/etc/passwd')", /not allowed/],
  ['returning', 'SELECT 1 RETURNING *', /RETURNING is not allowed/],
];

describe('hostile statements are refused', () => {
  test.each(REFUSED)('%s', async (_name, sql, reason) => {
    const r = await query(sql);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(r.body.error.message).toMatch(reason);
  });
});

// Each runs into a budget (time, memory or size) and is answered with a clear error or a capped result.
describe('runaway statements are bounded and the daemon keeps answering', () => {
  test('an endless recursive CTE is stopped by the time budget while other calls are served', async () => {
    const started = Date.now();
    const runaway = query('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c');
    // While the runaway runs, the daemon answers other calls at once.
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    const status = await d.rest('GET', '/status');
    expect(status.status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(2000);
    const r = await runaway;
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/time budget/);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  test('two runaways at once leave room for an ordinary query, answered at once', async () => {
    const bomb = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c';
    const runaways = [query(bomb), query(bomb)];
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    const normal = await query('SELECT name FROM contact');
    expect(normal.status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(3000);
    for (const r of await Promise.all(runaways)) expect(r.body.error.message).toMatch(/time budget/);
  }, 30_000);

  test('a doubling string CTE hits the memory budget', async () => {
    const r = await query("WITH RECURSIVE r(s, n) AS (SELECT 'x', 0 UNION ALL SELECT s || s, n + 1 FROM r WHERE n < 40) SELECT n, length(s) FROM r ORDER BY n DESC LIMIT 1");
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/memory budget|time budget/);
  }, 30_000);

  test('huge randomblob and zeroblob are capped', async () => {
    for (const sql of ['SELECT length(randomblob(2000000000))', 'SELECT zeroblob(1000000000)', 'SELECT hex(zeroblob(500000000))']) {
      const r = await query(sql);
      expect(r.status, sql).toBe(400);
      expect(r.body.error.message, sql).toMatch(/cap of svc_query/);
    }
  }, 30_000);

  test('printf padding bombs hit the memory budget', async () => {
    const r = await query("SELECT length(printf('%.*c', 900000000, 'x'))");
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/memory budget/);
  }, 30_000);

  test('a cross join of CTEs is cut at 200 rows', async () => {
    const r = await query('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 100000) SELECT a.x, b.x FROM c a, c b');
    expect(r.status).toBe(200);
    expect(r.body.data.rowCount).toBe(200);
    expect(r.body.data.truncated).toBe(true);
  }, 30_000);

  test('the second line: the sandbox database holds only the catalog and the object tables', async () => {
    expect((await query('SELECT count(*) FROM contact')).status).toBe(200);
    const files = readdirSync(join(d.dataDir, 'query')).filter((f) => f.startsWith(d.containerId));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const db = new Database(join(d.dataDir, 'query', f), { readonly: true });
      const names = (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table','view','trigger','index')").all() as Array<{ name: string }>).map((r) => r.name);
      db.close();
      expect(names.sort()).toEqual(['contact', 'fields']);
    }
  });

  test('after all of it the daemon still answers, and queries still work', async () => {
    expect((await d.rest('GET', '/status')).status).toBe(200);
    const r = await query('SELECT name FROM contact');
    expect(r.status).toBe(200);
    expect(r.body.data.rows).toEqual([['Ann']]);
  });

  test('the other container and raw content never show up', async () => {
    const r = await query('SELECT object FROM fields');
    expect(r.body.data.rows).toEqual([['contact'], ['contact']]);
    const all = JSON.stringify(r.body);
    expect(all).not.toContain('payroll');
    expect(all).not.toContain('raw note text');
  });
});
