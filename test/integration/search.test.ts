import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { analysed, longMarkdown, search, write } from '../helpers/search.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startDaemon();
  // 105 short entries sharing the word "widget", so clamps above 100 can be seen.
  for (let i = 0; i < 105; i++) await write(d, { content: `widget number ${i} is painted colour ${i % 7}` });
  await analysed(d);
}, 120_000);
afterAll(() => d?.stop());

describe('svc_search parameters', () => {
  it('requires query (400) and refuses a blank one', async () => {
    const missing = await search(d, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('BAD_REQUEST');
    expect(missing.body.error.message).toMatch(/query/);
    expect((await search(d, { query: '   ' })).status).toBe(400);
    expect((await search(d, { query: 42 })).status).toBe(400);
  });

  it('defaults to 10 matches', async () => {
    const r = await search(d, { query: 'widget' });
    expect(r.status).toBe(200);
    expect(r.body.data.matches).toHaveLength(10);
  });

  it('clamps limit: 0 gives 1, 5000 gives 100, negative gives 1', async () => {
    expect((await search(d, { query: 'widget', limit: 0 })).body.data.matches).toHaveLength(1);
    expect((await search(d, { query: 'widget', limit: -3 })).body.data.matches).toHaveLength(1);
    expect((await search(d, { query: 'widget', limit: 5000 })).body.data.matches).toHaveLength(100);
  });

  it('topK is an alias with the same clamp; limit wins when both are sent', async () => {
    expect((await search(d, { query: 'widget', topK: 4 })).body.data.matches).toHaveLength(4);
    expect((await search(d, { query: 'widget', topK: 0 })).body.data.matches).toHaveLength(1);
    expect((await search(d, { query: 'widget', topK: 5000 })).body.data.matches).toHaveLength(100);
    expect((await search(d, { query: 'widget', limit: 3, topK: 50 })).body.data.matches).toHaveLength(3);
  });
});

describe('search matches', () => {
  it('finds by meaning, not only by words, and carries the match shape', async () => {
    const id = await write(d, { content: 'The deploy window is Tuesday 10:00 UTC', tags: ['ops'], occurredAt: '2024-05-01T10:00:00Z' });
    await write(d, { content: 'Our cat likes sleeping on the warm radiator' });
    const r = await eventually(async () => {
      const s = await search(d, { query: 'when may we release to production?', limit: 3 });
      return s.body.data.matches.some((m: any) => m.id === id) ? s : null;
    });
    const m = r.body.data.matches.find((x: any) => x.id === id);
    expect(m.content).toBe('The deploy window is Tuesday 10:00 UTC');
    expect(typeof m.score).toBe('number');
    expect(m.provenance).toMatchObject({
      source: 'webhook:main-key',
      sourceFileId: null,
      chunkIndex: null,
      totalChunks: null,
      ingestedAt: '2024-05-01T10:00:00.000Z',
      tags: ['ops'],
      fileName: null,
      sectionHeader: null,
      chunkSummary: null,
    });
    expect(m._meta.svc.navigate).toEqual({ hasSiblings: 0, relationshipTypes: {} });
    expect(m._meta.svc.duplicates).toBeUndefined();
  });

  it('exact words win through BM25', async () => {
    const id = await write(d, { content: 'Error code ZX-4411 means the flux capacitor overheated' });
    const r = await eventually(async () => {
      const s = await search(d, { query: 'ZX-4411' });
      return s.body.data.matches[0]?.id === id ? s : null;
    });
    expect(r.body.data.matches[0].id).toBe(id);
  });

  it('explain lists every stage with candidates, scores and milliseconds', async () => {
    const r = await search(d, { query: 'widget colour 3', explain: true, limit: 2 });
    const stages = r.body.data.explain.stages.map((s: any) => s.stage);
    expect(stages).toEqual(['bm25', 'embed-query', 'vector', 'fuse', 'load-vectors', 'prf', 'rerank', 'collapse-duplicates', 'decorate']);
    for (const s of r.body.data.explain.stages) expect(typeof s.ms).toBe('number');
    const bm25 = r.body.data.explain.stages[0];
    expect(bm25.candidates.length).toBeGreaterThan(0);
    expect(bm25.candidates[0]).toEqual({ id: expect.any(String), score: expect.any(Number) });
    expect(r.body.data.explain.limit).toBe(2);
    expect((await search(d, { query: 'widget' })).body.data.explain).toBeUndefined();
  });

  it('long markdown becomes a composite of chunks with section headers', async () => {
    const parent = await write(d, { content: longMarkdown() });
    const r = await eventually(async () => {
      const s = await search(d, { query: 'incident detail explains incident aspects', limit: 5 });
      const hit = s.body.data.matches.find((m: any) => m.provenance.compositeId === parent);
      return hit ? hit : null;
    });
    expect(r.provenance.sectionHeader).toBe('Incidents');
    expect(r.provenance.totalChunks).toBeGreaterThan(2);
    expect(r.provenance.chunkIndex).toBeGreaterThanOrEqual(0);
    expect(r.provenance.chunkSummary).toMatch(/Incident/);
    expect(r._meta.svc.navigate.hasSiblings).toBe(r.provenance.totalChunks - 1);
    expect(r._meta.svc.navigate.relationshipTypes).toEqual({ part_of: 1 });
    // Chunks have vectors of their own: the chunk is a vector-stage candidate, not only a BM25 one.
    const ex = await search(d, { query: 'incident detail explains incident aspects', limit: 5, explain: true });
    const vector = ex.body.data.explain.stages.find((s: any) => s.stage === 'vector');
    expect(vector.candidates.some((c: any) => c.id === r.id)).toBe(true);
    // The composite itself is not a match: its text is searched through its chunks.
    const all = await search(d, { query: 'Operations handbook deploy rollback incident backup', limit: 100 });
    expect(all.body.data.matches.some((m: any) => m.id === parent)).toBe(false);
    const status = await d.rest('GET', '/status');
    expect(status.body.data.counts.composites).toBeGreaterThanOrEqual(1);
  });

  it('a deleted entry leaves search', async () => {
    const id = await write(d, { content: 'Quokkas are the happiest marsupials on Rottnest Island' });
    await eventually(async () => (await search(d, { query: 'quokka marsupial' })).body.data.matches[0]?.id === id);
    await d.rest('POST', '/tools/delete', { body: { entryId: id } });
    const r = await search(d, { query: 'quokka marsupial' });
    expect(r.body.data.matches.some((m: any) => m.id === id)).toBe(false);
  });

  it('queued analysis survives a crash and the entry becomes searchable after restart', async () => {
    const id = await write(d, { content: 'Pelicans store fish in their throat pouch before swallowing' });
    await d.crashAndRestart();
    const r = await eventually(async () => {
      const s = await search(d, { query: 'pelican throat pouch' });
      return s.body.data.matches[0]?.id === id ? s : null;
    }, 20_000);
    expect(r.body.data.matches[0].id).toBe(id);
  }, 40_000);
});

describe('svc search CLI', () => {
  it('prints matches, honours --limit, and --explain shows the stages', async () => {
    const r = await d.cli(['search', 'widget colour', '--limit', '2', '--json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).matches).toHaveLength(2);
    const ex = await d.cli(['search', 'widget colour', '--explain', '--json']);
    expect(JSON.parse(ex.stdout).explain.stages.length).toBe(9);
    const human = await d.cli(['search', 'widget colour', '--limit', '1']);
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toMatch(/widget number/);
    const human2 = await d.cli(['search', 'widget colour', '--limit', '1', '--explain']);
    expect(human2.stdout).toMatch(/rerank/);
  });
});
