import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { analysed, insertEdges, longMarkdown, write } from '../helpers/search.js';

let d: TestDaemon;
let a: string;
let b: string;
let c: string;
let composite: string;
let chunks: any[];
const nav = (body: Record<string, unknown>) => d.rest('POST', '/tools/navigate', { body });

beforeAll(async () => {
  d = await startDaemon();
  // Plain lowercase words: background analysis finds no entities or provenance links in them, so the
  // edges below are the only ones these entries have.
  a = await write(d, { content: 'account record alpha' });
  b = await write(d, { content: 'contact card bravo' });
  c = await write(d, { content: 'renewal note charlie' });
  composite = await write(d, { content: `${longMarkdown()}\n\n${longMarkdown().replace('# Operations handbook', '# Appendix')}` });
  await analysed(d);
  // Edges other analysis stages produce (mirrored records, classification), placed directly.
  insertEdges(d, [
    { fromId: b, toId: a, type: 'crm_assoc:account' },
    { fromId: b, toId: c, type: 'crm_assoc:owner' },
    { fromId: c, toId: b, type: 'contradicts' },
    { fromId: b, toId: c, type: 'contradicts_partially' },
    { fromId: a, toId: b, type: 'elaborates' },
  ]);
  const parts = await nav({ entryId: composite, type: 'part_of' });
  const ids = parts.body.data.relationships.to.map((e: any) => e.fromId);
  chunks = [];
  for (const id of ids) chunks.push((await d.rest('POST', '/tools/explore', { body: { mode: 'get', id } })).body.data.entry);
}, 60_000);
afterAll(() => d?.stop());

describe('relationships mode', () => {
  it('is the default: from, to and byType buckets, no type echo', async () => {
    const r = await nav({ entryId: b });
    expect(r.status).toBe(200);
    const rel = r.body.data.relationships;
    expect(rel.from.map((e: any) => e.type).sort()).toEqual(['contradicts_partially', 'crm_assoc:account', 'crm_assoc:owner']);
    expect(rel.to.map((e: any) => e.type).sort()).toEqual(['contradicts', 'elaborates']);
    expect(rel.byType.contradicts).toEqual({ from: [], to: [{ fromId: c, toId: b, type: 'contradicts', properties: {} }] });
    expect(Object.keys(rel.byType).sort()).toEqual(['contradicts', 'contradicts_partially', 'crm_assoc:account', 'crm_assoc:owner', 'elaborates']);
    expect('type' in r.body.data).toBe(false);
  });

  it('byType is {} for an entry without edges', async () => {
    const lone = await write(d, { content: 'Nothing links here' });
    const r = await nav({ entryId: lone });
    expect(r.body.data).toEqual({ relationships: { from: [], to: [], byType: {} } });
  });

  it('a term ending in ":" matches the whole family', async () => {
    const r = await nav({ entryId: b, type: 'crm_assoc:' });
    expect(r.body.data.type).toBe('crm_assoc:');
    expect(r.body.data.relationships.from.map((e: any) => e.type).sort()).toEqual(['crm_assoc:account', 'crm_assoc:owner']);
    expect(r.body.data.relationships.to).toEqual([]);
  });

  it('other terms match exactly: contradicts never matches a longer type, no wildcard', async () => {
    const r = await nav({ entryId: b, type: 'contradicts' });
    expect(r.body.data.relationships.from).toEqual([]);
    expect(r.body.data.relationships.to.map((e: any) => e.type)).toEqual(['contradicts']);
    expect(Object.keys(r.body.data.relationships.byType)).toEqual(['contradicts']);
    const star = await nav({ entryId: b, type: 'crm_assoc:*' });
    expect(star.body.data.relationships.from).toEqual([]);
    const prefix = await nav({ entryId: b, type: 'crm' });
    expect(prefix.body.data.relationships.from).toEqual([]);
  });

  it('an unknown type matches nothing; an array combines terms and is echoed', async () => {
    const none = await nav({ entryId: b, type: 'no_such_type' });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ relationships: { from: [], to: [], byType: {} }, type: 'no_such_type' });
    const many = await nav({ entryId: b, type: ['elaborates', 'crm_assoc:owner'] });
    expect(many.body.data.type).toEqual(['elaborates', 'crm_assoc:owner']);
    expect(Object.keys(many.body.data.relationships.byType).sort()).toEqual(['crm_assoc:owner', 'elaborates']);
  });

  it('a type that is neither a string nor an array of strings is a 400, not an unfiltered result', async () => {
    for (const type of [42, { a: 1 }, [1, 2], true, null]) {
      const r = await nav({ entryId: b, type });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('BAD_REQUEST');
      expect(r.body.error.message).toMatch(/type/);
    }
  });

  it('needs entryId (400) and an existing entry (404); an unknown mode is a 400', async () => {
    expect((await nav({})).status).toBe(400);
    expect((await nav({ entryId: '00000000-0000-0000-0000-000000000000' })).status).toBe(404);
    expect((await nav({ entryId: b, mode: 'sideways' })).status).toBe(400);
  });
});

describe('siblings mode', () => {
  it('returns range chunks before and after the anchor (default 3), in order, as entries', async () => {
    expect(chunks.length).toBeGreaterThan(8);
    const ordered = (await nav({ entryId: composite, type: 'part_of' })).body.data.relationships.to;
    const byIndex = new Map<number, string>(ordered.map((e: any) => [e.properties.chunkIndex, e.fromId]));
    const anchor = byIndex.get(5)!;
    const r = await nav({ entryId: anchor, mode: 'siblings' });
    expect(r.body.data.siblings.map((s: any) => s.chunkIndex)).toEqual([2, 3, 4, 6, 7, 8]);
    expect(r.body.data.siblings[0]).toMatchObject({ id: byIndex.get(2), source: 'webhook:main-key', tags: [] });
    expect(typeof r.body.data.siblings[0].content).toBe('string');
    const one = await nav({ entryId: anchor, mode: 'siblings', range: 1 });
    expect(one.body.data.siblings.map((s: any) => s.chunkIndex)).toEqual([4, 6]);
    const first = await nav({ entryId: byIndex.get(0), mode: 'siblings', range: 2 });
    expect(first.body.data.siblings.map((s: any) => s.chunkIndex)).toEqual([1, 2]);
  });

  it('range is capped at 50 and floored at 0', async () => {
    // 70 sections: a chunk never spans a heading, so this is a 70-chunk composite.
    const doc = Array.from({ length: 70 }, (_, i) => `## Section ${i}\n\nParagraph ${i} talks about item ${i} at some length.`).join('\n\n');
    const parent = await write(d, { content: doc });
    await analysed(d);
    const ordered = (await nav({ entryId: parent, type: 'part_of' })).body.data.relationships.to;
    expect(ordered).toHaveLength(70);
    const first = ordered.find((e: any) => e.properties.chunkIndex === 0).fromId;
    const big = await nav({ entryId: first, mode: 'siblings', range: 5000 });
    expect(big.body.data.siblings.map((s: any) => s.chunkIndex)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const anchor = chunks[0].id;
    const zero = await nav({ entryId: anchor, mode: 'siblings', range: -4 });
    expect(zero.body.data.siblings).toEqual([]);
  });

  it('an entry that was not chunked has no siblings', async () => {
    expect((await nav({ entryId: a, mode: 'siblings' })).body.data).toEqual({ siblings: [] });
  });
});

describe('source mode', () => {
  it('returns the composite a chunk came from, as an entry', async () => {
    const r = await nav({ entryId: chunks[3].id, mode: 'source' });
    expect(r.body.data.source).toMatchObject({ id: composite, compositeType: 'write', totalChunks: chunks.length });
    expect(r.body.data.source.content).toMatch(/^# Operations handbook/);
    expect(r.body.data.source.resource_link).toBeUndefined();
  });

  it('is null for an entry that was not chunked from anything', async () => {
    expect((await nav({ entryId: a, mode: 'source' })).body.data).toEqual({ source: null });
  });
});

describe('svc navigate CLI', () => {
  it('navigates with --mode, --type and --range', async () => {
    const r = await d.cli(['navigate', b, '--type', 'crm_assoc:', '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).relationships.from).toHaveLength(2);
    const s = await d.cli(['navigate', chunks[4].id, '--mode', 'siblings', '--range', '1', '--json']);
    expect(JSON.parse(s.stdout).siblings).toHaveLength(2);
    const src = await d.cli(['navigate', chunks[4].id, '--mode', 'source', '--json']);
    expect(JSON.parse(src.stdout).source.id).toBe(composite);
    const missing = await d.cli(['navigate', '00000000-0000-0000-0000-000000000000']);
    expect(missing.exitCode).toBe(4);
  });
});
