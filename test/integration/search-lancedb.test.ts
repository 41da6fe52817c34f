import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { analysed, longMarkdown, search, write } from '../helpers/search.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startDaemon({ env: { SVC_VECTOR_INDEX: 'lancedb' } });
}, 60_000);
afterAll(() => d?.stop());

it('serves vector search from LanceDB when configured, with the same results contract', async () => {
  const deploy = await write(d, { content: 'The deploy window is Tuesday 10:00 UTC' });
  await write(d, { content: 'Our cat likes sleeping on the warm radiator' });
  const doc = await write(d, { content: longMarkdown() });
  await analysed(d);
  expect(existsSync(join(d.dataDir, 'containers', `${d.containerId}.lancedb`))).toBe(true);
  const r = await search(d, { query: 'when may we release to production?', explain: true, limit: 3 });
  const vector = r.body.data.explain.stages.find((s: any) => s.stage === 'vector');
  expect(vector.detail).toBe('lancedb');
  expect(vector.candidates.some((c: any) => c.id === deploy)).toBe(true);
  expect(r.body.data.matches[0].id).toBe(deploy);
  const chunkHit = await search(d, { query: 'incident detail aspects', limit: 3 });
  expect(chunkHit.body.data.matches[0]?.provenance.compositeId, JSON.stringify(chunkHit.body).slice(0, 1500)).toBe(doc);

  // Deleting removes the entry's vector from LanceDB too.
  await d.rest('POST', '/tools/delete', { body: { entryId: deploy } });
  await eventually(async () => {
    const s = await search(d, { query: 'deploy window', explain: true });
    const v = s.body.data.explain.stages.find((x: any) => x.stage === 'vector');
    return !v.candidates.some((c: any) => c.id === deploy);
  });
}, 60_000);
