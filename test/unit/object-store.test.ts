import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { relationshipsOf } from '../../src/core/graph/relationships.js';
import { linkLookupFields } from '../../src/core/objects/lookup-edges.js';
import { SqliteContainerStore } from '../../src/store/sqlite/container-store.js';
import type { NewEntry } from '../../src/store/types.js';

let dir: string;
let store: SqliteContainerStore;
let n = 0;

const entry = (id: string, object: string, source: string, fields: Record<string, unknown>): NewEntry => ({
  id,
  kind: 'entry',
  content: fields,
  contentType: 'structured',
  source,
  tags: [],
  properties: {},
  createdAt: 1,
  ingestedAt: 1,
  object,
  parentId: null,
  compositeType: null,
  chunkIndex: null,
  totalChunks: null,
  contentHash: `h${n++}`,
  fields,
});
const job = () => ({ id: `job${n++}`, kind: 'analyze-entry', payload: {} });
const put = async (id: string, object: string, source: string, fields: Record<string, unknown>) => {
  await store.insertObjectEntry(entry(id, object, source, fields), job(), {
    object,
    source,
    fields: Object.keys(fields).map((name) => ({ name, type: 'text' as const })),
  });
  await linkLookupFields(store, { entryId: id, object, source, fields });
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-objects-'));
  store = new SqliteContainerStore('c1', join(dir, 'c1.db'));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('object profiles in the container store', () => {
  test('seen/present count live rows; deletes lower them and bump the version; fields stay', async () => {
    const v0 = await store.objectsVersion();
    await put('11111111-1111-1111-1111-111111111111', 'Contact', 's', { name: 'a', city: 'x' });
    await put('22222222-2222-2222-2222-222222222222', 'Contact', 's', { NAME: 'b' });
    let [p] = await store.listObjectProfiles('contact');
    expect(p.seen).toBe(2);
    expect(p.fields).toEqual([
      { name: 'name', type: 'text', present: 2 },
      { name: 'city', type: 'text', present: 1 },
    ]);
    await store.deleteEntry('11111111-1111-1111-1111-111111111111', job());
    [p] = await store.listObjectProfiles('CONTACT');
    expect(p.seen).toBe(1);
    expect(p.fields.map((f) => [f.name, f.present])).toEqual([
      ['name', 1],
      ['city', 0],
    ]);
    expect(await store.objectsVersion()).toBe(v0 + 3);
    expect(await store.canonicalObjectName('CONTACT')).toBe('Contact');
  });

  test('declaring recomputes counts from live rows and replaces the field list', async () => {
    await put('33333333-3333-3333-3333-333333333333', 'deal', 'crm', { title: 't', amount: 3 });
    const p = await store.declareObjectSchema({ object: 'deal', source: 'crm', fields: [{ name: 'Title', type: 'text' }, { name: 'stage', type: 'text' }], keyField: 'Title' });
    expect(p).toMatchObject({ mode: 'declared', keyField: 'Title', seen: 1 });
    expect(p.fields).toEqual([
      { name: 'Title', type: 'text', present: 1 },
      { name: 'stage', type: 'text', present: 0 },
    ]);
  });
});

describe('crm_assoc edges', () => {
  test('svc_navigate\'s family filter `crm_assoc:` sees them, and an exact type matches only its own field', async () => {
    const company = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const person = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    await put(company, 'company', 's', { name: 'Acme' });
    await put(person, 'person', 's', { employer: company, partner: company, name: 'Ann' });
    const all = await relationshipsOf(store, person, ['crm_assoc:']);
    expect(all.from.map((e) => e.type).sort()).toEqual(['crm_assoc:employer', 'crm_assoc:partner']);
    expect(Object.keys(all.byType).sort()).toEqual(['crm_assoc:employer', 'crm_assoc:partner']);
    const one = await relationshipsOf(store, person, ['crm_assoc:employer']);
    expect(one.from).toHaveLength(1);
    expect((await relationshipsOf(store, person, ['crm_assoc'])).from).toEqual([]);
    expect((await relationshipsOf(store, company, ['crm_assoc:'])).to.map((e) => e.fromId)).toEqual([person, person]);
  });

  test('a value that names a non-object entry or nothing makes no edge', async () => {
    await put('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'person', 's', { ref: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', note: 'hello' });
    expect(await store.edgesFrom('cccccccc-cccc-4ccc-8ccc-cccccccccccc')).toEqual([]);
  });
});
