import Database from 'better-sqlite3';
import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/core/admin/create-api-key.js';
import { SqliteStores } from '../../src/store/sqlite/stores.js';
import { setToggle } from '../helpers/control-db.js';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { makeDocxBomb, makePdf } from '../helpers/file-fixtures.js';
import { chunksOf, ftsMatch, upload, waitForFile } from '../helpers/files.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startDaemon();
});
afterAll(async () => {
  await d?.stop();
});

const MB = 1024 * 1024;

function setStatus(fileId: string, status: string): void {
  const db = new Database(join(d.dataDir, 'containers', `${d.containerId}.db`));
  try {
    db.prepare('UPDATE files SET status = ? WHERE id = ?').run(status, fileId);
  } finally {
    db.close();
  }
}

describe('upload refusals', () => {
  it('401 without a credential, before anything is read', async () => {
    const r = await upload(d, { name: 'a.txt', data: 'hi' }, { key: null });
    expect(r.status).toBe(401);
    expect(r.body.error).toBeTypeOf('string');
  });

  it('411 LENGTH_REQUIRED for a chunked body without Content-Length', async () => {
    const r = await upload(d, { name: 'a.txt', data: 'hello' }, { chunked: true });
    expect(r.status).toBe(411);
    expect(r.body).toEqual({ success: false, error: { code: 'LENGTH_REQUIRED', message: expect.stringMatching(/Content-Length/) } });
  });

  it('413 PAYLOAD_TOO_LARGE from the Content-Length header, and for a file just over 25 MB', async () => {
    const big = Buffer.alloc(25 * MB + 1, 0x61);
    const r = await upload(d, { name: 'big.txt', data: big });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    // Exactly 25 MB is accepted.
    const ok = await upload(d, { name: 'exact.txt', data: Buffer.alloc(25 * MB, 0x0a) });
    expect(ok.status).toBe(201);
    expect(ok.body.data.size).toBe(25 * MB);
    const del = await waitForFile(d, ok.body.data.id, 60_000);
    expect((await d.rest('DELETE', `/files/${del.id}`)).status).toBe(200);
  });

  it('400 for a body that is not multipart, or has no "file" field, or two files', async () => {
    const notMultipart = await d.rest('POST', '/files', { body: { name: 'x.txt', content: 'hi' } });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.error.code).toBe('BAD_REQUEST');
    const noFile = await upload(d, null, { parts: [{ field: 'other', data: 'x' }] });
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.message).toMatch(/"file"/);
    const two = await upload(d, null, {
      parts: [
        { field: 'file', filename: 'a.txt', data: 'a' },
        { field: 'file', filename: 'b.txt', data: 'b' },
      ],
    });
    expect(two.status).toBe(400);
    expect(two.body.error.message).toMatch(/one file/);
  });

  it('403 FORBIDDEN for a member with read-only access; listing still works', async () => {
    const stores = new SqliteStores(d.dataDir);
    let key: string;
    try {
      const user = await stores.control.createUser({ email: 'reader@example.com', name: 'Reader', passwordHash: null });
      await stores.control.addMembership(d.orgId, user.id, 'member');
      await stores.control.setGrant(d.containerId, user.id, 'read');
      ({ key } = await createApiKey(stores.control, { org: 'acme', containerId: d.containerId, name: 'reader', userId: user.id }));
    } finally {
      await stores.close();
    }
    const r = await upload(d, { name: 'a.txt', data: 'hi' }, { key });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('FORBIDDEN');
    expect((await d.rest('GET', '/files', { key })).status).toBe(200);
    expect((await d.rest('DELETE', '/files/whatever', { key })).status).toBe(403);
  });

  it('404 when svc_files_upload is toggled off for REST', async () => {
    setToggle(d.dataDir, d.containerId, 'svc_files_upload', 'rest', false);
    const r = await upload(d, { name: 'a.txt', data: 'hi' });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toMatch(/svc_files_upload.*REST/);
    setToggle(d.dataDir, d.containerId, 'svc_files_upload', 'rest', true);
  });

  it('413 when the organization storage cap (50 MB over all its containers) would be passed', async () => {
    const other = await d.newContainer('second');
    const a = await upload(d, { name: 'a.log', data: Buffer.alloc(24 * MB, 0x0a) });
    const b = await upload(d, { name: 'b.log', data: Buffer.alloc(24 * MB, 0x0a) }, { containerId: other.containerId, key: other.key });
    expect([a.status, b.status]).toEqual([201, 201]);
    const c = await upload(d, { name: 'c.log', data: Buffer.alloc(3 * MB, 0x0a) });
    expect(c.status).toBe(413);
    expect(c.body.error.message).toMatch(/storage cap/);
    // Deleting frees the room at once.
    await waitForFile(d, a.body.data.id, 60_000);
    expect((await d.rest('DELETE', `/files/${a.body.data.id}`)).status).toBe(200);
    expect((await upload(d, { name: 'c.log', data: Buffer.alloc(3 * MB, 0x0a) })).status).toBe(201);
  });
});

describe('hostile files end failed with a reason; the daemon keeps serving', () => {
  it.each([
    ['invalid UTF-8 text', 'latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6f, 0x6b, 0x0a]), /not valid UTF-8.*offset 3/],
    ['a damaged PDF', 'broken.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('garbage')]), /PDF/],
    ['malformed JSON', 'bad.json', '{"a": [1, 2', /JSON/],
    ['an empty text file', 'empty.txt', '', /No text/],
  ])('%s', async (_label, name, data, reason) => {
    const up = await upload(d, { name, data });
    expect(up.status).toBe(201);
    const f = await waitForFile(d, up.body.data.id);
    expect(f).toMatchObject({ processingStatus: 'failed', chunkCount: null });
    expect(f.failureReason).toMatch(reason);
  });

  it('a PDF over the page limit (2,000) fails before its pages are read', async () => {
    const pdf = await makePdf(Array.from({ length: 2001 }, () => ''));
    const up = await upload(d, { name: 'long.pdf', data: pdf });
    const f = await waitForFile(d, up.body.data.id, 60_000);
    expect(f.processingStatus).toBe('failed');
    expect(f.failureReason).toMatch(/2001 pages; the limit is 2000/);
  });

  it('an upload cut off mid-body leaves no temp file and no record', async () => {
    const before = (await d.rest('GET', '/files')).body.data.length;
    await new Promise<void>((resolve) => {
      const req = request(`${d.url}/container/${d.containerId}/files`, {
        method: 'POST',
        headers: { 'x-api-key': d.key, 'content-type': 'multipart/form-data; boundary=XyZ', 'content-length': 1_000_000 },
      });
      req.on('error', () => resolve());
      req.write('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\n\r\n');
      req.write(Buffer.alloc(100_000, 0x61));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(readdirSync(join(d.dataDir, 'files', 'tmp'))).toEqual([]);
    expect((await d.rest('GET', '/files')).body.data.length).toBe(before);
  });

  it('a DOCX zip bomb (inflating past 100 MB) is refused before parsing', async () => {
    const bomb = await makeDocxBomb(110);
    expect(bomb.length).toBeLessThan(2 * MB);
    const up = await upload(d, { name: 'bomb.docx', data: bomb });
    expect(up.body.data.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const f = await waitForFile(d, up.body.data.id, 60_000);
    expect(f.processingStatus).toBe('failed');
    expect(f.failureReason).toMatch(/zip bomb|expands past/);
    expect((await d.rest('GET', '/status')).status).toBe(200);
  });

  it('a path-traversal name is reduced to its last segment and never used as a path', async () => {
    const up = await upload(d, { name: '../../../etc/passwd.md', data: '# Hi\n\ntext' });
    expect(up.body.data.name).toBe('passwd.md');
    expect(existsSync(join(d.dataDir, 'files', d.containerId, up.body.data.id))).toBe(true);
    const ctl = await upload(d, { name: '..\\..\\evil\u202e.txt', data: 'x' });
    expect(ctl.body.data.name).toBe('evil.txt');
    // A NUL in a part header is not a name at all: the body is malformed.
    const nul = await upload(d, { name: 'a\u0000b.txt', data: 'x' });
    expect(nul.status).toBe(400);
  });
});

describe('DELETE /files/:fileId', () => {
  it('404 for a missing file', async () => {
    const r = await d.rest('DELETE', '/files/00000000-0000-0000-0000-000000000000');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
  });

  it('409 CONFLICT while the file is processing; afterwards it deletes the file and every derived entry', async () => {
    const up = await upload(d, { name: 'gone.md', data: '# One\n\nThe wombat burrow.\n\n# Two\n\nSecond part.' });
    const f = await waitForFile(d, up.body.data.id);
    expect(f.chunkCount).toBe(2);
    const chunks = await chunksOf(d, f.compositeId);
    expect(await ftsMatch(d, 'wombat')).toContain(chunks[0].id);

    setStatus(f.id, 'processing');
    const refused = await d.rest('DELETE', `/files/${f.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'CONFLICT', message: expect.stringMatching(/being processed/) });
    setStatus(f.id, 'complete');

    const del = await d.rest('DELETE', `/files/${f.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ message: expect.any(String), fileId: f.id, entriesDeleted: 3 });
    expect(await ftsMatch(d, 'wombat')).toEqual([]);
    expect((await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: f.compositeId } })).status).toBe(404);
    expect((await d.rest('GET', '/files')).body.data.some((x: any) => x.id === f.id)).toBe(false);
    expect(existsSync(join(d.dataDir, 'files', d.containerId, f.id))).toBe(false);
    expect((await d.rest('DELETE', `/files/${f.id}`)).status).toBe(404);
  });

  it('deletes a skipped file with entriesDeleted 0', async () => {
    const up = await upload(d, { name: 'b.bin', data: Buffer.from([0, 0, 1]) });
    const del = await d.rest('DELETE', `/files/${up.body.data.id}`);
    expect(del.body.data).toMatchObject({ fileId: up.body.data.id, entriesDeleted: 0 });
  });
});

describe('download through a signed link', () => {
  it('serves the original bytes with the detected type; tampered or expired links get 403', async () => {
    const data = Buffer.from('plain words, declared as a PDF\n');
    const up = await upload(d, { name: 'Résumé final.txt', data, type: 'application/pdf' });
    const link = await d.rest('GET', `/files/${up.body.data.id}/url`);
    expect(link.status).toBe(200);
    expect(link.body.data).toMatchObject({ uri: `svc://${d.containerId}/files/${up.body.data.id}`, name: 'Résumé final.txt', mimeType: 'text/plain', expiresIn: 900 });
    const res = await fetch(link.body.data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''R%C3%A9sum%C3%A9%20final.txt");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(data);

    const tampered = await fetch(link.body.data.url.replace(/signature=./, 'signature=A'));
    expect(tampered.status).toBe(403);
    const key = readFileSync(join(d.dataDir, 'files', 'url-signing.key'));
    const past = Math.floor(Date.now() / 1000) - 10;
    const sig = createHmac('sha256', key).update(`${d.containerId}/${up.body.data.id}/${past}`).digest('base64url');
    const expired = await fetch(`${d.url}/files/${d.containerId}/${up.body.data.id}?expires=${past}&signature=${sig}`);
    expect(expired.status).toBe(403);
    expect((await expired.json()).error.message).toMatch(/expired/);
    expect((await d.rest('GET', '/files/nope/url')).status).toBe(404);
    expect((await d.rest('GET', `/files/${up.body.data.id}/url`, { key: null })).status).toBe(401);
  });
});
