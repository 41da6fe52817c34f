import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFileType } from '../../src/core/files/detect-type.js';
import { checkDownloadSignature, signDownloadPath } from '../../src/core/files/signed-url.js';
import { makeDocx, makePdf, PNG_BYTES } from '../helpers/file-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-unit-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function detect(name: string, data: Buffer | string, declared: string | null = null) {
  const path = join(dir, `${Math.random().toString(16).slice(2)}.bin`);
  writeFileSync(path, data);
  return detectFileType(path, name, declared);
}

describe('detectFileType', () => {
  it('uses signatures for binary formats, whatever the name says', async () => {
    expect(await detect('notes.txt', await makePdf(['x']))).toEqual({ mimeType: 'application/pdf', extractor: 'pdf' });
    expect((await detect('a.bin', await makeDocx([{ text: 'x' }]))).extractor).toBe('docx');
    expect(await detect('photo.md', PNG_BYTES)).toEqual({ mimeType: 'image/png', extractor: null });
  });

  it('for text, the extension picks the kind; without one, a declared text type or a sniff', async () => {
    expect((await detect('a.py', 'def f():\n  pass\n')).mimeType).toBe('text/x-python');
    expect((await detect('README', '# Title\n\ntext', 'text/markdown')).mimeType).toBe('text/markdown');
    expect((await detect('page', '<!DOCTYPE html><html><body>x</body></html>')).mimeType).toBe('text/html');
    expect((await detect('data', '[{"a":1}]')).mimeType).toBe('application/json');
    expect((await detect('notes', 'plain words', 'image/png')).mimeType).toBe('text/plain');
    expect(await detect('logo.svg', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')).toEqual({ mimeType: 'image/svg+xml', extractor: null });
  });

  it('binary without a known signature is download-only octet-stream', async () => {
    expect(await detect('x.txt', Buffer.from([0, 159, 146, 150, 0, 1]))).toEqual({ mimeType: 'application/octet-stream', extractor: null });
  });
});

describe('signed download paths', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  const exp = now / 1000 + 900;
  const path = signDownloadPath(dir, 'c1', 'f1', exp);
  const sig = new URL(path, 'http://x').searchParams.get('signature');

  it('accepts its own signature until the expiry, then reports expired', () => {
    expect(path).toMatch(/^\/files\/c1\/f1\?expires=\d+&signature=[\w-]+$/);
    expect(checkDownloadSignature(dir, 'c1', 'f1', String(exp), sig, now)).toBe('valid');
    expect(checkDownloadSignature(dir, 'c1', 'f1', String(exp), sig, (exp + 1) * 1000)).toBe('expired');
  });

  it('refuses another file, another expiry, a missing or altered signature', () => {
    expect(checkDownloadSignature(dir, 'c1', 'f2', String(exp), sig, now)).toBe('invalid');
    expect(checkDownloadSignature(dir, 'c1', 'f1', String(exp + 1), sig, now)).toBe('invalid');
    expect(checkDownloadSignature(dir, 'c1', 'f1', String(exp), null, now)).toBe('invalid');
    expect(checkDownloadSignature(dir, 'c1', 'f1', 'soon', sig, now)).toBe('invalid');
    expect(checkDownloadSignature(dir, 'c1', 'f1', String(exp), `${sig}x`, now)).toBe('invalid');
  });
});
