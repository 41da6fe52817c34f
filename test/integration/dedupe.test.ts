import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { analysed, search, write } from '../helpers/search.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startDaemon();
}, 60_000);
afterAll(() => d?.stop());

const matchFor = async (query: string, content: RegExp) => {
  const r = await search(d, { query, limit: 20 });
  return (r.body.data.matches as any[]).filter((m) => typeof m.content === 'string' && content.test(m.content));
};

describe('duplicate groups', () => {
  it('collapses identical content (after whitespace normalisation) to the most recent instance', async () => {
    const old = await write(d, { content: 'Invoices are due within 30 days', source: 'crm:a', occurredAt: '2024-01-01T00:00:00Z' });
    const mid = await write(d, { content: '  Invoices are   due within\n30 days ', source: 'crm:b', occurredAt: '2024-02-01T00:00:00Z' });
    const newest = await write(d, { content: 'Invoices are due within 30 days', source: 'crm:c', occurredAt: '2024-03-01T00:00:00Z' });
    await analysed(d);
    const hits = await matchFor('invoice payment terms', /Invoices are/);
    expect(hits).toHaveLength(1);
    const m = hits[0];
    expect(m.id).toBe(newest);
    expect(m._meta.svc.duplicates).toBe(3);
    expect(m._meta.svc.firstSeenAt).toBe('2024-01-01T00:00:00.000Z');
    expect(m._meta.svc.mostRecentAt).toBe('2024-03-01T00:00:00.000Z');
    expect(typeof m._meta.svc.instanceId).toBe('string');
    expect(m._meta.svc.versions.map((v: any) => [v.source, v.ingestedAt])).toEqual([
      ['crm:c', '2024-03-01T00:00:00.000Z'],
      ['crm:b', '2024-02-01T00:00:00.000Z'],
      ['crm:a', '2024-01-01T00:00:00.000Z'],
    ]);
    expect(m._meta.svc.navigate.relationshipTypes).toEqual({ instance_of: 1 });

    // Every instance is a full entry with its own edge to the group's instance record.
    for (const id of [old, mid, newest]) {
      const nav = await d.rest('POST', '/tools/navigate', { body: { entryId: id, type: 'instance_of' } });
      expect(nav.body.data.relationships.from).toEqual([{ fromId: id, toId: m._meta.svc.instanceId, type: 'instance_of', properties: {} }]);
    }

    // Deleting one instance leaves the others and the group's counts update.
    await d.rest('POST', '/tools/delete', { body: { entryId: mid } });
    await analysed(d);
    const after = (await matchFor('invoice payment terms', /Invoices are/))[0];
    expect(after.id).toBe(newest);
    expect(after._meta.svc.duplicates).toBe(2);
    expect(after._meta.svc.versions.map((v: any) => v.source)).toEqual(['crm:c', 'crm:a']);

    // Deleting the representative promotes the next most recent; a lone instance has no duplicate fields.
    await d.rest('POST', '/tools/delete', { body: { entryId: newest } });
    await eventually(async () => {
      const lone = (await matchFor('invoice payment terms', /Invoices are/))[0];
      return lone.id === old && lone._meta.svc.duplicates === undefined && lone._meta.svc.versions === undefined &&
        Object.keys(lone._meta.svc.navigate.relationshipTypes).length === 0;
    });
  });

  it('lists at most 5 versions, newest first', async () => {
    for (let i = 1; i <= 7; i++) await write(d, { content: 'Standup is at 09:15 every weekday', source: `slack:${i}`, occurredAt: `2024-0${i}-01T00:00:00Z` });
    await analysed(d);
    const m = (await matchFor('daily standup meeting time', /Standup/))[0];
    expect(m._meta.svc.duplicates).toBe(7);
    expect(m._meta.svc.versions).toHaveLength(5);
    expect(m._meta.svc.versions.map((v: any) => v.source)).toEqual(['slack:7', 'slack:6', 'slack:5', 'slack:4', 'slack:3']);
    expect(m._meta.svc.firstSeenAt).toBe('2024-01-01T00:00:00.000Z');
  });

  it('different content is never grouped', async () => {
    await write(d, { content: 'The office closes at 18:00' });
    await write(d, { content: 'The office closes at 19:00' });
    await analysed(d);
    const hits = await matchFor('office closing time', /office closes/);
    expect(hits).toHaveLength(2);
    for (const h of hits) expect(h._meta.svc.duplicates).toBeUndefined();
  });

  it('svc_delete includeDuplicates removes every instance and reports duplicatesDeleted', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await write(d, { content: 'Parking is free on Sundays' }));
    await analysed(d);
    const r = await d.rest('POST', '/tools/delete', { body: { entryId: ids[0], includeDuplicates: true } });
    expect(r.body.data).toMatchObject({ entryId: ids[0], duplicatesDeleted: 2 });
    await analysed(d);
    expect(await matchFor('parking sunday', /Parking/)).toHaveLength(0);
  });
});
