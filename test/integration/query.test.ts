import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { setToolToggle } from '../helpers/tool-toggle.js';

let d: TestDaemon;
const query = (sql: string) => d.rest('POST', '/tools/query', { body: { sql } });
const write = (body: Record<string, unknown>) => d.rest('POST', '/tools/write', { body });
const balance = () => {
  const db = new Database(join(d.dataDir, 'control.db'), { readonly: true });
  try {
    return (db.prepare('SELECT credits FROM orgs WHERE id = ?').get(d.orgId) as { credits: number }).credits;
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  d = await startDaemon();
}, 60_000);
afterAll(async () => d?.stop());

describe('svc_query is opt-in', () => {
  test('off by default on REST: 404 naming the tool and the transport', async () => {
    const r = await query('SELECT * FROM fields');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(r.body.error.message).toMatch(/svc_query.*REST/);
  });

  test('once enabled, an empty container has an empty catalog; a call costs 1 credit', async () => {
    setToolToggle(d.dataDir, d.containerId, 'svc_query', 'rest', true);
    const before = balance();
    const r = await query('SELECT * FROM fields');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ columns: ['object', 'source', 'name', 'type', 'present', 'seen'], rows: [], rowCount: 0, truncated: false });
    expect(balance()).toBe(before - 1);
  });
});

describe('tables', () => {
  let annId: string;
  test('one table per object with _entry_id, _source and the union of every source\'s fields', async () => {
    annId = (await write({ object: 'Contact', source: 'crm:a', content: { name: 'Ann', age: 31 } })).body.data.entryId;
    await write({ object: 'contact', source: 'crm:b', content: { name: 'Bob', city: 'Oslo', tags: ['x', 'y'] } });
    const r = await query('SELECT * FROM contact ORDER BY name');
    expect(r.body.data.columns).toEqual(['_entry_id', '_source', 'name', 'age', 'city', 'tags']);
    expect(r.body.data.rows).toEqual([
      [annId, 'crm:a', 'Ann', 31, null, null],
      [expect.any(String), 'crm:b', 'Bob', null, 'Oslo', '["x","y"]'],
    ]);
  });

  test('the fields catalog: one row per object, source and field with type, present and seen', async () => {
    await write({ object: 'contact', source: 'crm:a', content: { name: 'Cy', age: 40.5, vip: true } });
    const r = await query("SELECT source, name, type, present, seen FROM fields WHERE object = 'Contact' ORDER BY source, name");
    expect(r.body.data.rows).toEqual([
      ['crm:a', 'age', 'number', 2, 2],
      ['crm:a', 'name', 'text', 2, 2],
      ['crm:a', 'vip', 'boolean', 1, 2],
      ['crm:b', 'city', 'text', 1, 1],
      ['crm:b', 'name', 'text', 1, 1],
      ['crm:b', 'tags', 'json', 1, 1],
    ]);
  });

  test('CTEs, joins with the catalog and json_each/json_tree work', async () => {
    const r = await query(
      "WITH b AS (SELECT * FROM contact WHERE _source = 'crm:b') SELECT b.name, j.value FROM b, json_each(b.tags) AS j ORDER BY j.value",
    );
    expect(r.body.data.rows).toEqual([['Bob', 'x'], ['Bob', 'y']]);
    const t = await query('SELECT count(*) FROM contact c JOIN fields f ON f.object = \'Contact\' WHERE f.name IN (SELECT key FROM json_tree(\'{"name":1}\'))');
    expect(t.body.data.rows).toEqual([[6]]);
  });

  test('rows follow deletes, and the catalog counts with them', async () => {
    expect((await d.rest('POST', '/tools/delete', { body: { entryId: annId } })).status).toBe(200);
    const r = await query('SELECT name FROM contact ORDER BY name');
    expect(r.body.data.rows).toEqual([['Bob'], ['Cy']]);
    const f = await query("SELECT name, present, seen FROM fields WHERE source = 'crm:a' ORDER BY name");
    expect(f.body.data.rows).toEqual([
      ['age', 1, 1],
      ['name', 1, 1],
      ['vip', 1, 1],
    ]);
  });
});

describe('rules and limits', () => {
  test('an invalid statement answers with the database\'s own message', async () => {
    const r = await query('SELECT nope FROM contact');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/no such column: nope/);
  });

  test('an unknown table advises SELECT * FROM fields', async () => {
    const r = await query('SELECT * FROM deals');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/SELECT \* FROM fields/);
  });

  test('a missing sql parameter is a 400', async () => {
    const r = await d.rest('POST', '/tools/query', { body: {} });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
  });

  test('results stop at about 256 KB of serialized rows with truncated: true', async () => {
    const r = await query('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 150) SELECT x, hex(zeroblob(1000)) AS pad FROM c');
    expect(r.status).toBe(200);
    expect(r.body.data.truncated).toBe(true);
    expect(r.body.data.rowCount).toBe(r.body.data.rows.length);
    expect(r.body.data.rowCount).toBeLessThan(150);
    expect(JSON.stringify(r.body.data.rows).length).toBeLessThanOrEqual(256 * 1024);
  });

  test('results stop at 200 rows of an object table', async () => {
    for (let i = 0; i < 205; i++) await write({ object: 'tick', content: { n: i } });
    const r = await query('SELECT n FROM tick ORDER BY n');
    expect(r.body.data.rowCount).toBe(200);
    expect(r.body.data.truncated).toBe(true);
    expect(r.body.data.rows[199]).toEqual([199]);
    const exact = await query('SELECT n FROM tick ORDER BY n LIMIT 200');
    expect(exact.body.data.truncated).toBe(false);
  }, 60_000);

  test('a trailing semicolon and trailing comment are one statement', async () => {
    const r = await query('SELECT count(*) AS n FROM contact; -- done');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ columns: ['n'], rows: [[2]], rowCount: 1, truncated: false });
  });
});

describe('CLI', () => {
  test('svc query prints a table; --json prints the raw result', async () => {
    const t = await d.cli(['query', "SELECT name, city FROM contact WHERE _source = 'crm:b'"]);
    expect(t.exitCode).toBe(0);
    expect(t.stdout.split('\n')).toEqual(['name  city', '----  ----', 'Bob   Oslo', '1 row']);
    const j = await d.cli(['query', 'SELECT name FROM contact ORDER BY name', '--json']);
    expect(JSON.parse(j.stdout)).toEqual({ columns: ['name'], rows: [['Bob'], ['Cy']], rowCount: 2, truncated: false });
  });

  test('a refused statement exits 2 with the reason', async () => {
    const r = await d.cli(['query', 'SELECT * FROM sqlite_master']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/BAD_REQUEST.*internal/);
  });
});

describe('public containers', () => {
  test('a visitor from another organization may query once svc_query is enabled, but not write', async () => {
    const pub = await d.newContainer('public-objects', ['--public']);
    await d.rest('POST', '/tools/write', { containerId: pub.containerId, key: pub.key, body: { object: 'place', content: { name: 'Oslo' } } });
    await d.admin(['init', '--email', 'visitor@example.com', '--password', 'another long one', '--org', 'visitors']);
    const { key: visitorKey } = await d.admin<{ key: string }>(['key', 'create', '--org', 'visitors', '--name', 'visitor']);
    const asVisitor = (path: string, body: unknown) => d.rest('POST', path, { containerId: pub.containerId, key: visitorKey, body });

    const off = await asVisitor('/tools/query', { sql: 'SELECT name FROM place' });
    expect(off.status, JSON.stringify(off.body)).toBe(404);
    setToolToggle(d.dataDir, pub.containerId, 'svc_query', 'rest', true);
    const r = await asVisitor('/tools/query', { sql: 'SELECT name FROM place' });
    expect(r.status).toBe(200);
    expect(r.body.data.rows).toEqual([['Oslo']]);
    // Writing stays out of a visitor's reach (how it is refused is the access rules' business).
    expect([403, 404]).toContain((await asVisitor('/tools/write', { object: 'place', content: { name: 'x' } })).status);
    expect((await asVisitor('/tools/query', { sql: 'SELECT count(*) FROM place' })).body.data.rows).toEqual([[1]]);
  });

  test('svc query reads the statement from stdin', async () => {
    const r = await d.cli(['query', '--json'], { input: 'SELECT count(*) AS n FROM contact\n' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).rows).toEqual([[2]]);
  });
});
