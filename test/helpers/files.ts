import { request } from 'node:http';
import type { TestDaemon } from './daemon.js';

export interface UploadResponse {
  status: number;
  body: any;
}

/** Builds a multipart/form-data body by hand so tests control every header (filename, part type). */
export function multipartBody(parts: Array<{ field: string; filename?: string; type?: string; data: Buffer | string }>): { body: Buffer; contentType: string } {
  const boundary = `----svctest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.type) head += `Content-Type: ${p.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /files with one `file` part (or custom parts), over plain node:http so the body is sent as built. */
export function upload(
  d: TestDaemon,
  file: { name: string; data: Buffer | string; type?: string } | null,
  opts: { key?: string | null; containerId?: string; parts?: Parameters<typeof multipartBody>[0]; chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<UploadResponse> {
  const parts = opts.parts ?? (file ? [{ field: 'file', filename: file.name, type: file.type ?? 'application/octet-stream', data: file.data }] : []);
  const { body, contentType } = multipartBody(parts);
  const url = new URL(`${d.url}/container/${opts.containerId ?? d.containerId}/files`);
  const headers: Record<string, string | number> = { 'content-type': contentType, ...opts.headers };
  const key = opts.key === undefined ? d.key : opts.key;
  if (key) headers['x-api-key'] = key;
  if (opts.chunked) headers['transfer-encoding'] = 'chunked';
  else headers['content-length'] = body.length;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        let parsed: any = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          /* keep text */
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Waits until the file leaves pending/processing and returns its list record. */
export async function waitForFile(d: TestDaemon, fileId: string, ms = 30_000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const r = await d.rest('GET', '/files');
    const f = r.body.data.find((x: any) => x.id === fileId);
    if (f && f.processingStatus !== 'pending' && f.processingStatus !== 'processing') return f;
    if (Date.now() > end) throw new Error(`file ${fileId} still ${f?.processingStatus}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/**
 * Full-text lookup straight in the container database (svc_search is built on another branch): the ids of
 * entries whose indexed text matches an FTS5 query.
 */
export async function ftsMatch(d: TestDaemon, query: string): Promise<string[]> {
  const { default: Database } = await import('better-sqlite3');
  const { join } = await import('node:path');
  const db = new Database(join(d.dataDir, 'containers', `${d.containerId}.db`), { readonly: true });
  try {
    const rows = db.prepare('SELECT e.id FROM entries_fts f JOIN entries e ON e.seq = f.rowid WHERE entries_fts MATCH ?').all(query) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  } finally {
    db.close();
  }
}

/** Chunks of a file composite, in order, read through svc_explore (the composite's `part_of` edges). */
export async function chunksOf(d: TestDaemon, compositeId: string): Promise<any[]> {
  const comp = await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: compositeId } });
  const edges = comp.body.data.relationships.to.filter((e: any) => e.type === 'part_of');
  edges.sort((a: any, b: any) => a.properties.chunkIndex - b.properties.chunkIndex);
  const chunks = [];
  for (const e of edges) chunks.push((await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: e.fromId } })).body.data.entry);
  return chunks;
}
