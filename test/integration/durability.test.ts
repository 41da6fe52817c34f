import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startDaemon, type TestDaemon } from '../helpers/daemon.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startDaemon();
});
afterAll(async () => {
  await d?.stop();
});

describe('durability', () => {
  it('every write acknowledged over REST survives kill -9 of the daemon, and its analysis resumes', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await d.rest('POST', '/tools/write', { body: { content: `acknowledged note ${i}` } });
      expect(r.status).toBe(200);
      ids.push(r.body.data.entryId);
    }
    // Then fire writes concurrently and kill the daemon while some are still in flight.
    const inflight = Array.from({ length: 40 }, (_, i) =>
      d.rest('POST', '/tools/write', { body: { content: `durable note ${i}` } }).then(
        (r) => {
          if (r.status === 200) ids.push(r.body.data.entryId);
        },
        () => undefined,
      ),
    );
    await new Promise((r) => setTimeout(r, 30));
    await d.crashAndRestart();
    await Promise.all(inflight);
    expect(ids.length).toBeGreaterThanOrEqual(10);
    for (const id of ids) {
      const got = await d.rest('POST', '/tools/explore', { body: { mode: 'get', id } });
      expect(got.status, id).toBe(200);
    }
    // Jobs queued before the crash still run after the restart.
    const status = await eventually(async () => {
      const r = await d.rest('GET', '/status');
      return r.body.data.counts.entries.pending === 0 ? r : null;
    });
    expect(status.body.data.counts.entries.analyzed).toBe(status.body.data.counts.entries.eligible);
    expect(status.body.data.counts.entries.total).toBeGreaterThanOrEqual(ids.length);
  });
});
