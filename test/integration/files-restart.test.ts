import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { makePdf } from '../helpers/file-fixtures.js';
import { upload, waitForFile } from '../helpers/files.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startDaemon();
});
afterAll(async () => {
  await d?.stop();
});

describe('file processing survives a crash', () => {
  it('files uploaded just before kill -9 are processed after the restart, each exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const pdf = await makePdf([`Crash test page for file ${i} about the narwhal`, 'second page']);
      const up = await upload(d, { name: `crash-${i}.pdf`, data: pdf });
      expect(up.status).toBe(201);
      ids.push(up.body.data.id);
    }
    await d.crashAndRestart();
    for (const id of ids) {
      const f = await waitForFile(d, id, 60_000);
      expect(f).toMatchObject({ processingStatus: 'complete', chunkCount: 2 });
    }
    // Exactly one composite per file, whatever a half-finished run had written before the crash.
    const list = await d.rest('POST', '/tools/explore', { body: {} });
    const names = list.body.data.composites.map((c: any) => c.fileName).sort();
    expect(names).toEqual(['crash-0.pdf', 'crash-1.pdf', 'crash-2.pdf', 'crash-3.pdf']);
  });
});
