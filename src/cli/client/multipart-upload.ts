import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { ClientError } from './client-error.js';
import type { ClientSettings } from './rest-client.js';

export interface UploadProgress {
  sent: number;
  total: number;
}

/** Header-safe filename: quotes and control characters replaced; other characters go as UTF-8, as browsers send them. */
function dispositionFor(name: string): string {
  const plain = name.replace(/[\u0000-\u001f"\\\u007f]/g, '_');
  return `form-data; name="file"; filename="${plain}"`;
}

/**
 * POSTs one file as multipart/form-data to /container/<id>/files, streaming it from disk. The body size is
 * computed up front so the request carries the Content-Length the server requires (411 otherwise).
 */
export async function uploadFileMultipart(settings: ClientSettings, containerId: string, path: string, onProgress: (p: UploadProgress) => void): Promise<unknown> {
  const { size } = await stat(path);
  const boundary = `svc-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: ${dispositionFor(basename(path))}\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = head.length + size + tail.length;
  let sent = 0;
  async function* body() {
    yield head;
    for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
      sent += (chunk as Buffer).length;
      onProgress({ sent, total: size });
      yield chunk as Buffer;
    }
    yield tail;
  }
  const url = new URL(`/container/${encodeURIComponent(containerId)}/files`, settings.server);
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(total),
  };
  if (settings.apiKey) headers['x-api-key'] = settings.apiKey;
  let res;
  try {
    res = await request(url, { method: 'POST', headers, body: Readable.from(body()) });
  } catch (err) {
    throw new ClientError(0, null, (err as Error).message, settings.server);
  }
  const text = await res.body.text();
  let parsed: any = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    throw new ClientError(res.statusCode, null, `Unexpected non-JSON answer: ${text.slice(0, 200)}`, settings.server);
  }
  if (res.statusCode >= 200 && res.statusCode < 300 && parsed?.success === true) return parsed.data;
  if (parsed?.error && typeof parsed.error === 'object') throw new ClientError(res.statusCode, parsed.error.code ?? null, parsed.error.message ?? 'Upload failed', settings.server);
  if (typeof parsed?.error === 'string') throw new ClientError(res.statusCode, parsed.error, parsed.message ?? 'Upload failed', settings.server);
  throw new ClientError(res.statusCode, null, `Unexpected answer: ${text.slice(0, 200)}`, settings.server);
}
