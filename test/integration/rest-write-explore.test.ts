import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/registry.js';
import { eventually, startDaemon, type TestDaemon } from '../helpers/daemon.js';

// Tools on by default over REST for a permanent container (the count grows as tools are added).
const REST_DEFAULT_TOOLS = TOOLS.filter((t) => t.defaults.rest && !t.ephemeralOnly).length;

let d: TestDaemon;
beforeAll(async () => {
  d = await startDaemon();
});
afterAll(async () => {
  await d?.stop();
});

const write = (body: unknown, key?: string | null) => d.rest('POST', '/tools/write', { body, key });

describe('svc_write over REST', () => {
  it('stores text with tags, metadata→properties and the webhook:<key-name> source default', async () => {
    const r = await write({ content: 'Deploy window is Tuesday', tags: ['ops', 'ops', 'deploy'], metadata: { team: 'infra', n: 2 } });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data.entryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body.data.workflowId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof r.body.data.message).toBe('string');
    expect(r.body.data.object).toBeUndefined();
    const got = await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: r.body.data.entryId } });
    expect(got.body.data.entry).toMatchObject({
      content: 'Deploy window is Tuesday',
      source: 'webhook:main-key',
      tags: ['ops', 'deploy'],
      properties: { team: 'infra', n: 2 },
    });
    expect(typeof got.body.data.entry.createdAt).toBe('number');
    expect(got.body.data.relationships).toEqual({ from: [], to: [], byType: {} });
  });

  it('stores an object as structured content and keeps an explicit source', async () => {
    const r = await write({ content: { name: 'Ann', age: 41 }, source: 'crm:hubspot' });
    expect(r.status).toBe(200);
    const got = await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: r.body.data.entryId } });
    expect(got.body.data.entry.content).toEqual({ name: 'Ann', age: 41 });
    expect(got.body.data.entry.source).toBe('crm:hubspot');
  });

  it('names the object it wrote into, with the first spelling as canonical name', async () => {
    const a = await write({ content: { name: 'Bo' }, object: 'Contact' });
    expect(a.body.data.object).toBe('Contact');
    const b = await write({ content: { name: 'Cy' }, object: 'contact' });
    expect(b.body.data.object).toBe('Contact');
  });

  it('accepts occurredAt in the past and refuses the future or a malformed date', async () => {
    expect((await write({ content: 'old news', occurredAt: '2020-01-02T03:04:05Z' })).status).toBe(200);
    const future = await write({ content: 'x', occurredAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.status).toBe(400);
    expect(future.body).toEqual({ success: false, error: { code: 'BAD_REQUEST', message: expect.stringMatching(/future/) } });
    expect((await write({ content: 'x', occurredAt: 'last tuesday' })).status).toBe(400);
    expect((await write({ content: 'x', occurredAt: '2024-02-30' })).status).toBe(400);
  });

  it.each([
    [{}, /content is required/],
    [{ content: '' }, /empty/],
    [{ content: 42 }, /content/],
    [{ content: ['a'] }, /content/],
    [{ content: 'x', tags: 'ops' }, /tags/],
    [{ content: 'x', tags: [1] }, /tags/],
    [{ content: 'x', metadata: 'm' }, /metadata/],
    [{ content: 'x', source: 7 }, /source/],
    [{ content: 'x', contentType: 'html' }, /contentType/],
    [{ content: 'x', contentType: 'structured' }, /structured/],
    [{ content: { a: 1 }, contentType: 'markdown' }, /markdown/],
    [{ content: 'x', object: '9lives' }, /object name/i],
    [{ content: 'x', object: 'fields' }, /reserved/],
  ])('refuses %j with 400 BAD_REQUEST', async (body, message) => {
    const r = await write(body);
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(r.body.error.message).toMatch(message);
  });

  it('refuses bodies that are not JSON objects, not JSON, or not UTF-8 — never a 500', async () => {
    for (const body of ['[1,2]', '"text"', '{"content": "x"', 'null']) {
      const r = await d.rest('POST', '/tools/write', { body });
      expect(r.status, body).toBe(400);
      expect(r.body.error.code).toBe('BAD_REQUEST');
    }
    const res = await fetch(`${d.url}/container/${d.containerId}/tools/write`, {
      method: 'POST',
      headers: { 'x-api-key': d.key, 'content-type': 'application/json' },
      body: Buffer.from([0x7b, 0x22, 0x63, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/UTF-8/);
  });

  it('refuses an oversized body with 413 PAYLOAD_TOO_LARGE', async () => {
    const r = await write({ content: 'x'.repeat(6 * 1024 * 1024) });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('infers contentType and keeps hostile text intact', async () => {
    const text = "# Title\n\n<script>alert(1)</script> ' OR 1=1; -- \u0000 \u202e 🙂";
    const r = await write({ content: text });
    const got = await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: r.body.data.entryId } });
    expect(got.body.data.entry.content).toBe(text);
  });
});

describe('svc_explore over REST', () => {
  let ctr: { containerId: string; key: string };
  beforeAll(async () => {
    ctr = await d.newContainer('explore');
    for (let i = 0; i < 30; i++) {
      await d.rest('POST', '/tools/write', { containerId: ctr.containerId, key: ctr.key, body: { content: `note ${i}`, tags: i % 3 === 0 ? ['three'] : [] } });
    }
  });
  const explore = (body: unknown) => d.rest('POST', '/tools/explore', { containerId: ctr.containerId, key: ctr.key, body });

  it('lists 25 by default, newest first, with count and entryCount; empty groups are omitted', async () => {
    const r = await explore({});
    expect(r.status).toBe(200);
    expect(r.body.data.count).toBe(25);
    expect(r.body.data.entries).toHaveLength(25);
    expect(r.body.data.entryCount).toBe(30);
    expect(r.body.data.entries[0].content).toBe('note 29');
    for (const group of ['entities', 'schemas', 'composites', 'entityTypes', 'hasMore']) expect(r.body.data).not.toHaveProperty(group);
    expect(Object.keys(r.body.data.entries[0]).sort()).toEqual(['content', 'createdAt', 'id', 'properties', 'source', 'tags']);
  });

  it('pages with limit and offset and clamps limit to 1..100', async () => {
    const page = await explore({ limit: 10, offset: 25 });
    expect(page.body.data.count).toBe(5);
    expect(page.body.data.entries[0].content).toBe('note 4');
    expect((await explore({ limit: 5000 })).body.data.count).toBe(30);
    expect((await explore({ limit: 0 })).body.data.count).toBe(1);
    expect((await explore({ offset: -1 })).status).toBe(400);
    expect((await explore({ limit: 'ten' })).status).toBe(400);
  });

  it('filters by tag', async () => {
    const r = await explore({ tag: 'three' });
    expect(r.body.data.count).toBe(10);
    expect(r.body.data.entries.every((e: any) => e.tags.includes('three'))).toBe(true);
    expect(r.body.data.entryCount).toBe(30);
  });

  it('serves the removed mode "schema" as list, and refuses an unknown mode', async () => {
    const r = await explore({ mode: 'schema', limit: 3 });
    expect(r.status).toBe(200);
    expect(r.body.data.count).toBe(3);
    expect((await explore({ mode: 'tree' })).status).toBe(400);
  });

  it('get needs an id and answers 404 for a missing entry', async () => {
    expect((await explore({ mode: 'get' })).body.error.code).toBe('BAD_REQUEST');
    const missing = await explore({ mode: 'get', id: 'no-such-entry' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });
});

describe('svc_delete over REST', () => {
  it('deletes an entry, then 404s for it', async () => {
    const w = await write({ content: 'to be deleted' });
    const id = w.body.data.entryId;
    const del = await d.rest('POST', '/tools/delete', { body: { entryId: id } });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ entryId: id, workflowId: expect.any(String) });
    expect((await d.rest('POST', '/tools/explore', { body: { mode: 'get', id } })).status).toBe(404);
    expect((await d.rest('POST', '/tools/delete', { body: { entryId: id } })).status).toBe(404);
  });

  it('with includeDuplicates removes every other instance of the same content (whitespace-normalised)', async () => {
    const ids = [];
    for (const c of ['same  text', 'same text', ' same\ntext ']) ids.push((await write({ content: c })).body.data.entryId);
    const keep = (await write({ content: 'different text' })).body.data.entryId;
    const del = await d.rest('POST', '/tools/delete', { body: { entryId: ids[0], includeDuplicates: true } });
    expect(del.body.data.duplicatesDeleted).toBe(2);
    for (const id of ids) expect((await d.rest('POST', '/tools/explore', { body: { mode: 'get', id } })).status).toBe(404);
    expect((await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: keep } })).status).toBe(200);
  });

  it('deleting one instance leaves the others', async () => {
    const a = (await write({ content: 'twin' })).body.data.entryId;
    const b = (await write({ content: 'twin' })).body.data.entryId;
    const del = await d.rest('POST', '/tools/delete', { body: { entryId: a, includeDuplicates: false } });
    expect(del.body.data).not.toHaveProperty('duplicatesDeleted');
    expect((await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: b } })).status).toBe(200);
  });

  it('validates its parameters', async () => {
    expect((await d.rest('POST', '/tools/delete', { body: {} })).body.error.message).toMatch(/entryId is required/);
    expect((await d.rest('POST', '/tools/delete', { body: { entryId: 'x', includeDuplicates: 'yes' } })).status).toBe(400);
  });
});

describe('svc_status over REST', () => {
  it('reports every field of spec § Container with true counts', async () => {
    const ctr = await d.newContainer('status');
    const opts = { containerId: ctr.containerId, key: ctr.key };
    const ready = await eventually(async () => {
      const r = await d.rest('GET', '/status', opts);
      return r.body.data.ready ? r : null;
    });
    expect(ready.body.data).toEqual({
      containerId: ctr.containerId,
      containerName: 'status',
      is_ephemeral: false,
      initialized: true,
      initializationStatus: 'complete',
      paused: false,
      ready: true,
      counts: { tools: REST_DEFAULT_TOOLS, composites: 0, entityTypes: 0, entries: { total: 0, eligible: 0, analyzed: 0, pending: 0 } },
      analysis: { inProgress: false, cadence: 'automatic' },
    });
    await d.rest('POST', '/tools/write', { ...opts, body: { content: 'one' } });
    await d.rest('POST', '/tools/write', { ...opts, body: { content: 'two' } });
    const after = await eventually(async () => {
      const r = await d.rest('GET', '/status', opts);
      return r.body.data.counts.entries.analyzed === 2 ? r : null;
    });
    expect(after.body.data.counts.entries).toEqual({ total: 2, eligible: 2, analyzed: 2, pending: 0 });
  });
});
