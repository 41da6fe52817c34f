import type { IncomingMessage } from 'node:http';
import { BadRequest, PayloadTooLarge } from '../../core/errors.js';

/** Reads an `application/x-www-form-urlencoded` body (OAuth endpoints and the web forms). */
export async function readFormBody(req: IncomingMessage, maxBytes = 64 * 1024): Promise<URLSearchParams> {
  const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new BadRequest('The body must be application/x-www-form-urlencoded');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new PayloadTooLarge(`The form exceeds ${maxBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks, size).toString('utf8'));
}
