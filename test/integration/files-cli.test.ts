import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { makePdf } from '../helpers/file-fixtures.js';

let d: TestDaemon;
let dir: string;
beforeAll(async () => {
  d = await startDaemon();
  dir = mkdtempSync(join(tmpdir(), 'svc-cli-files-'));
});
afterAll(async () => {
  await d?.stop();
});

describe('svc upload / files / download', () => {
  it('uploads several files with --wait and reports each outcome as JSON', async () => {
    writeFileSync(join(dir, 'notes.md'), '# Hello\n\nThe capybara sleeps at noon.\n');
    writeFileSync(join(dir, 'deck.pdf'), await makePdf(['Slide about the tapir']));
    writeFileSync(join(dir, 'raw.bin'), Buffer.from([0, 1, 2, 0]));
    const r = await d.cli(['upload', join(dir, 'notes.md'), join(dir, 'deck.pdf'), join(dir, 'raw.bin'), '--wait', '--json']);
    expect(r.exitCode).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.map((f: any) => [f.name, f.processingStatus])).toEqual([
      ['notes.md', 'complete'],
      ['deck.pdf', 'complete'],
      ['raw.bin', 'skipped'],
    ]);
    expect(out[0]).toMatchObject({ mimeType: 'text/markdown', chunkCount: 1 });
    expect(out[1]).toMatchObject({ mimeType: 'application/pdf', chunkCount: 1 });
  });

  it('prints human lines without --json, and exits 1 when --wait sees a processing failure', async () => {
    writeFileSync(join(dir, 'bad.json'), '{"a": ');
    const r = await d.cli(['upload', join(dir, 'bad.json'), '--wait']);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(/bad\.json: failed \(The JSON could not be parsed/);
    expect(r.stderr).toMatch(/1 file failed processing/);
  });

  it('a file that cannot be read is named on stderr and the command exits non-zero', async () => {
    const r = await d.cli(['upload', join(dir, 'does-not-exist.txt')]);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toMatch(/does-not-exist\.txt/);
  });

  it('lists files, downloads the original bytes, and deletes', async () => {
    const list = await d.cli(['files', 'list', '--json']);
    expect(list.exitCode).toBe(0);
    const files = JSON.parse(list.stdout);
    const notes = files.find((f: any) => f.name === 'notes.md');
    expect(notes).toMatchObject({ processingStatus: 'complete', chunkCount: 1 });

    const human = await d.cli(['files']);
    expect(human.stdout).toMatch(/notes\.md\s+complete \(1 chunks\)/);

    const target = join(dir, 'copy.md');
    const dl = await d.cli(['download', notes.id, '-o', target]);
    expect(dl.exitCode).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('# Hello\n\nThe capybara sleeps at noon.\n');
    const again = await d.cli(['download', notes.id, '-o', target]);
    expect(again.exitCode).toBe(6);
    expect(again.stderr).toMatch(/already exists/);
    const stdout = await d.cli(['download', notes.id, '-o', '-']);
    expect(stdout.stdout).toBe('# Hello\n\nThe capybara sleeps at noon.');

    const del = await d.cli(['files', 'delete', notes.id, '--json']);
    expect(del.exitCode).toBe(0);
    expect(JSON.parse(del.stdout)).toMatchObject({ fileId: notes.id, entriesDeleted: 2 });
    const missing = await d.cli(['files', 'delete', notes.id]);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toMatch(/NOT_FOUND/);
  });
});
