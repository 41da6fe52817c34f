import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startDaemon, type TestDaemon } from '../helpers/daemon.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startDaemon();
});
afterAll(async () => {
  await d?.stop();
});

type Ctr = { containerId: string; key: string };
const write = (c: Ctr, body: unknown) => d.rest('POST', '/tools/write', { containerId: c.containerId, key: c.key, body });
const get = async (c: Ctr, id: string) => (await d.rest('POST', '/tools/explore', { containerId: c.containerId, key: c.key, body: { mode: 'get', id } })).body.data;
const status = async (c: Ctr) => (await d.rest('GET', '/status', { containerId: c.containerId, key: c.key })).body.data;
const analysed = (c: Ctr) => eventually(async () => ((await status(c)).counts.entries.pending === 0 ? true : null));

describe('entities', () => {
  let c: Ctr;
  beforeAll(async () => {
    c = await d.newContainer('entities');
  });

  it('extracts canonical entities with mentions edges, related_via edges and the explore groups', async () => {
    const a = (await write(c, { content: 'Ann Lee from Acme Corp met Bob Smith in Berlin.' })).body.data.entryId;
    await write(c, { content: 'Ann Lee signed the contract with Acme Corp.' });
    await analysed(c);
    const list = (await d.rest('POST', '/tools/explore', { containerId: c.containerId, key: c.key, body: {} })).body.data;
    const byName = Object.fromEntries(list.entities.map((e: any) => [e.name, e]));
    expect(byName['Ann Lee']).toMatchObject({ entityType: 'person', mentions: 2 });
    expect(byName['Acme Corp']).toMatchObject({ entityType: 'organization', mentions: 2 });
    expect(byName['Berlin']).toMatchObject({ entityType: 'place', mentions: 1 });
    expect(list.entityTypes).toEqual(expect.arrayContaining(['person', 'organization', 'place']));
    expect((await status(c)).counts.entityTypes).toBe(list.entityTypes.length);
    // Entities are not listed as entries, nor counted as eligible for analysis.
    expect(list.entries.every((e: any) => e.source !== 'system:entities')).toBe(true);

    const entry = await get(c, a);
    const mentioned = entry.relationships.byType.mentions.from.map((e: any) => e.toId);
    expect(mentioned).toContain(byName['Ann Lee'].id);
    const ann = await get(c, byName['Ann Lee'].id);
    expect(ann.relationships.byType.mentions.to.map((e: any) => e.fromId)).toContain(a);
    const related = [...(ann.relationships.byType.related_via?.from ?? []), ...(ann.relationships.byType.related_via?.to ?? [])];
    const acmeLink = related.find((e: any) => e.fromId === byName['Acme Corp'].id || e.toId === byName['Acme Corp'].id);
    expect(acmeLink.properties.count).toBe(2);
  });

  it('removes entities nothing mentions any more after a delete', async () => {
    const id = (await write(c, { content: 'Zelda Quartermaine visited Reykjavik.' })).body.data.entryId;
    await analysed(c);
    const names = async () => ((await d.rest('POST', '/tools/explore', { containerId: c.containerId, key: c.key, body: {} })).body.data.entities ?? []).map((e: any) => e.name);
    expect(await names()).toContain('Zelda Quartermaine');
    await d.rest('POST', '/tools/delete', { containerId: c.containerId, key: c.key, body: { entryId: id } });
    await eventually(async () => !(await names()).includes('Zelda Quartermaine'));
  });
});

describe('provenance relationships from real writes', () => {
  let c: Ctr;
  beforeAll(async () => {
    c = await d.newContainer('provenance');
  });

  it.each([
    ['supersedes', 'The deploy window is Tuesday at 10:00 UTC.', 'Update: the deploy window moved to Thursday at 14:00 UTC.'],
    ['contradicts', 'The contract was signed for 3 years.', 'The contract was signed for 5 years.'],
    ['corroborates', 'Nightly backups are kept for 30 days in the vault.', 'Backups run nightly and are kept in the vault for 30 days.'],
    ['elaborates', 'The search service uses hybrid retrieval.', 'The search service uses hybrid retrieval combining BM25 keyword ranking, vector embeddings, reciprocal rank fusion and a final rerank step.'],
  ])('%s: an edge from the new entry to the earlier one', async (label, oldText, newText) => {
    const oldId = (await write(c, { content: oldText })).body.data.entryId;
    await analysed(c);
    const newId = (await write(c, { content: newText })).body.data.entryId;
    await analysed(c);
    const fresh = await get(c, newId);
    const edges = fresh.relationships.byType[label]?.from ?? [];
    expect(edges.map((e: any) => e.toId)).toContain(oldId);
    expect(edges[0].properties.confidence).toBeGreaterThan(0);
    const old = await get(c, oldId);
    expect(old.relationships.byType[label].to.map((e: any) => e.fromId)).toContain(newId);
  });
});

describe('cadence, pause and counts', () => {
  it('manual cadence holds analysis until an administrator runs a pass', async () => {
    const c = await d.newContainer('manual');
    await eventually(async () => (await status(c)).ready);
    const set = await d.admin(['container', 'set', '--container', c.containerId, '--cadence', 'manual']);
    expect(set.cadence).toBe('manual');
    await write(c, { content: 'held back one' });
    await write(c, { content: 'held back two' });
    await new Promise((r) => setTimeout(r, 1200));
    let s = await status(c);
    expect(s.analysis).toEqual({ inProgress: false, cadence: 'manual' });
    expect(s.counts.entries).toEqual({ total: 2, eligible: 2, analyzed: 0, pending: 2 });
    const run = await d.admin(['analyze', '--container', c.containerId]);
    expect(run.requested).toBe(true);
    await analysed(c);
    s = await status(c);
    expect(s.counts.entries.analyzed).toBe(2);
    // The pass is over: new writes wait again.
    await eventually(async () => !(await status(c)).analysis.inProgress);
    await new Promise((r) => setTimeout(r, 500));
    await write(c, { content: 'held back three' });
    await new Promise((r) => setTimeout(r, 1000));
    expect((await status(c)).counts.entries.pending).toBe(1);
  });

  it('pause blocks tool calls with 503 SERVICE_UNAVAILABLE and Retry-After; status still answers; resume restores', async () => {
    const c = await d.newContainer('paused');
    await eventually(async () => (await status(c)).ready);
    await d.admin(['container', 'set', '--container', c.containerId, '--pause']);
    const r = await write(c, { content: 'blocked' });
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(r.body.error.message).toMatch(/paused/);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    const s = await status(c);
    expect(s.paused).toBe(true);
    expect(s.ready).toBe(false);
    expect(s.initialized).toBe(true);
    await d.admin(['container', 'set', '--container', c.containerId, '--resume']);
    expect((await write(c, { content: 'allowed again' })).status).toBe(200);
    expect((await status(c)).ready).toBe(true);
  });

  it('a restart in the middle of analysis resumes it', async () => {
    const c = await d.newContainer('restart');
    await d.admin(['container', 'set', '--container', c.containerId, '--cadence', 'manual']);
    for (let i = 0; i < 30; i++) await write(c, { content: `Report ${i}: Ann Lee met Bob Smith in Berlin about deal ${i}.` });
    await d.admin(['analyze', '--container', c.containerId]);
    await new Promise((r) => setTimeout(r, 50));
    await d.crashAndRestart();
    await analysed(c);
    const s = await status(c);
    expect(s.counts.entries).toMatchObject({ eligible: 30, analyzed: 30, pending: 0 });
    // The entities the reports name were extracted once each, not once per run.
    expect(s.counts.entries.total).toBeGreaterThan(30);
    const list = (await d.rest('POST', '/tools/explore', { containerId: c.containerId, key: c.key, body: {} })).body.data;
    expect(list.entities.find((e: any) => e.name === 'Ann Lee').mentions).toBe(30);
  });
});
