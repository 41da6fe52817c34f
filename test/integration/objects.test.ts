import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';

let d: TestDaemon;
const write = (body: Record<string, unknown>, o: { containerId?: string; key?: string } = {}) => d.rest('POST', '/tools/write', { body, ...o });
const schemas = async (o: { containerId?: string; key?: string } = {}) => (await d.rest('POST', '/tools/explore', { body: { limit: 1 }, ...o })).body.data;

beforeAll(async () => {
  d = await startDaemon();
}, 60_000);
afterAll(async () => d?.stop());

describe('object names', () => {
  test.each([
    ['1contact', /must start with a letter/],
    ['con-tact', /must start with a letter/],
    ['_contact', /must start with a letter/],
    ['entries', /reserved/],
    ['Relationships', /reserved/],
    ['FIELDS', /reserved/],
    ['sqlite_stuff', /reserved/],
  ])('%s is refused with 400', async (object, reason) => {
    const r = await write({ object, content: { a: 1 } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(reason);
  });

  test('the first spelling is the canonical name, whatever case later writes use', async () => {
    const first = await write({ object: 'SalesLead', content: { name: 'a' } });
    expect(first.body.data.object).toBe('SalesLead');
    const second = await write({ object: 'saleslead', content: { name: 'b' } });
    expect(second.status).toBe(200);
    expect(second.body.data.object).toBe('SalesLead');
    const profiles = (await schemas()).schemas.filter((s: any) => s.object.toLowerCase() === 'saleslead');
    expect(profiles).toHaveLength(1);
  });

  test('a write that names no object has no object in its result', async () => {
    const r = await write({ content: 'plain note' });
    expect(r.body.data.object).toBeUndefined();
    expect(r.body.data.unknownFields).toBeUndefined();
  });
});

describe('field profiles', () => {
  test('fields come from an object content, or from `fields` when given', async () => {
    await write({ object: 'ticket', content: { title: 'Broken', priority: 2 } });
    await write({ object: 'ticket', content: 'free text about a ticket', fields: { title: 'From fields', opened: '2024-05-01' } });
    const p = (await schemas()).schemas.find((s: any) => s.object === 'ticket');
    expect(p).toMatchObject({ object: 'ticket', source: 'webhook:main-key', mode: 'accreted' });
    expect(p.id).toEqual(expect.any(String));
    expect(p.fields).toEqual([
      { name: 'title', type: 'text' },
      { name: 'priority', type: 'integer' },
      { name: 'opened', type: 'date' },
    ]);
  });

  test('types widen with each write and never narrow', async () => {
    await write({ object: 'metric', content: { v: 1, when: '2024-01-01', flag: true, meta: { a: 1 } } });
    await write({ object: 'metric', content: { v: 2.5, when: 'yesterday', flag: 1, meta: 'x' } });
    await write({ object: 'metric', content: { v: 3, when: '2024-01-03', flag: false, meta: null } });
    const p = (await schemas()).schemas.find((s: any) => s.object === 'metric');
    expect(p.fields).toEqual([
      { name: 'v', type: 'number' },
      { name: 'when', type: 'text' },
      { name: 'flag', type: 'mixed' },
      { name: 'meta', type: 'mixed' },
    ]);
  });

  test('field names that would break the table are refused', async () => {
    for (const [fields, reason] of [
      [{ _source: 'x' }, /reserved/],
      [{ _ENTRY_ID: 'x' }, /reserved/],
      [{ Name: 'a', name: 'b' }, /differ only in case/],
      [{ '': 1 }, /must not be empty/],
      [{}, /at least one non-null field/],
      [{ a: null }, /at least one non-null field/],
      [{ 'a\u0000b': 1 }, /control characters/],
      [{ 'line\nbreak': 1 }, /control characters/],
    ] as const) {
      const r = await write({ object: 'broken', content: 'x', fields });
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.body.error.message).toMatch(reason);
    }
  });
});

describe('declared schemas', () => {
  test('svc objects declare sets a declared profile; writes outside it report unknownFields and still succeed', async () => {
    const r = await d.cli(['objects', 'declare', 'deal', '--source', 'crm:hub', '--field', 'title:text', '--field', 'amount:number', '--field', 'closed:date', '--data-dir', d.dataDir, '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ object: 'deal', source: 'crm:hub', mode: 'declared' });

    const w = await write({ object: 'Deal', source: 'crm:hub', content: { title: 'Big', amount: 5, stage: 'won', owner: 'ann' } });
    expect(w.status).toBe(200);
    expect(w.body.data.object).toBe('deal');
    expect(w.body.data.unknownFields).toEqual(['stage', 'owner']);
    const inside = await write({ object: 'deal', source: 'crm:hub', content: { title: 'Small' } });
    expect(inside.body.data.unknownFields).toEqual([]);
    // The same object from an accreted source has no schema to be outside of.
    const accreted = await write({ object: 'deal', source: 'agent:x', content: { title: 'Guess', stage: 'open' } });
    expect(accreted.body.data.unknownFields).toBeUndefined();

    const profiles = (await schemas()).schemas.filter((s: any) => s.object === 'deal');
    expect(profiles.map((p: any) => [p.source, p.mode])).toEqual([
      ['crm:hub', 'declared'],
      ['agent:x', 'accreted'],
    ]);
    expect(profiles[0].fields).toEqual([
      { name: 'title', type: 'text' },
      { name: 'amount', type: 'number' },
      { name: 'closed', type: 'date' },
    ]);
  });

  test('a bad declaration is refused with exit code 2', async () => {
    const r = await d.cli(['objects', 'declare', 'deal', '--source', 'crm:hub', '--field', 'x:float', '--data-dir', d.dataDir]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/Unknown field type "float"/);
  });
});

describe('crm_assoc edges', () => {
  test('a field holding another record\'s entry id links the two', async () => {
    const company = (await write({ object: 'company', content: { name: 'Acme' } })).body.data.entryId;
    const person = (await write({ object: 'person', content: { name: 'Ann', companyId: company } })).body.data.entryId;
    const got = (await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: person } })).body.data;
    expect(got.relationships.from.filter((e: any) => e.type.startsWith('crm_assoc:'))).toEqual([{ fromId: person, toId: company, type: 'crm_assoc:companyId', properties: { field: 'companyId', object: 'company' } }]);
    expect(got.relationships.byType['crm_assoc:companyId'].from).toHaveLength(1);
    const back = (await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: company } })).body.data;
    expect(back.relationships.to.filter((e: any) => e.type.startsWith('crm_assoc:')).map((e: any) => e.fromId)).toEqual([person]);
  });

  test('a field holding a declared key links both ways, whichever record arrives first', async () => {
    const decl = await d.cli(['objects', 'declare', 'account', '--source', 'crm:sf', '--field', 'externalId:text', '--field', 'name:text', '--key-field', 'externalId', '--data-dir', d.dataDir]);
    expect(decl.exitCode, decl.stderr).toBe(0);
    const early = (await write({ object: 'opportunity', source: 'crm:sf', content: { accountRef: 'ACC-1', title: 'First' } })).body.data.entryId;
    const account = (await write({ object: 'account', source: 'crm:sf', content: { externalId: 'ACC-1', name: 'Acme' } })).body.data.entryId;
    const late = (await write({ object: 'opportunity', source: 'crm:sf', content: { accountRef: 'ACC-1', title: 'Second' } })).body.data.entryId;
    const got = (await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: account } })).body.data;
    expect(got.relationships.to.map((e: any) => [e.fromId, e.type]).sort()).toEqual(
      [
        [early, 'crm_assoc:accountRef'],
        [late, 'crm_assoc:accountRef'],
      ].sort(),
    );
    expect(got.relationships.from.filter((e: any) => e.type.startsWith('crm_assoc:'))).toEqual([]);
  });
});

describe('explore schemas[] and svc objects', () => {
  test('schemas are capped at 50 with hasMore.schemas, unaffected by limit and tag', async () => {
    const c = await d.newContainer('many');
    for (let i = 0; i < 52; i++) await write({ object: `obj${i}`, content: { i } }, c);
    const data = (await d.rest('POST', '/tools/explore', { body: { limit: 1, tag: 'nothing' }, ...c })).body.data;
    expect(data.schemas).toHaveLength(50);
    expect(data.hasMore).toEqual({ schemas: true });
    expect(Object.keys(data.schemas[0]).sort()).toEqual(['fields', 'id', 'mode', 'object', 'source']);
  }, 60_000);

  test('a container without objects has no schemas group', async () => {
    const c = await d.newContainer('empty');
    const data = (await d.rest('POST', '/tools/explore', { body: {}, ...c })).body.data;
    expect(data.schemas).toBeUndefined();
    expect(data.hasMore).toBeUndefined();
  });

  test('svc objects lists the profiles', async () => {
    const r = await d.cli(['objects']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ticket {2}\[webhook:main-key, accreted\]$/m);
    expect(r.stdout).toMatch(/^ {4}priority: integer$/m);
    const j = await d.cli(['objects', '--json']);
    expect(JSON.parse(j.stdout).map((s: any) => s.object)).toContain('deal');
  });
});

describe('caps', () => {
  test('a container holds at most 200 objects; a write creating one more is refused, writes into existing ones go on', async () => {
    const c = await d.newContainer('capped');
    for (let i = 0; i < 200; i++) expect((await write({ object: `o${i}`, content: { i } }, c)).status).toBe(200);
    const over = await write({ object: 'one_too_many', content: { i: 1 } }, c);
    expect(over.status).toBe(400);
    expect(over.body.error.message).toMatch(/200 objects/);
    expect((await write({ object: 'O7', content: { i: 2 } }, c)).status).toBe(200);
  }, 120_000);
});
