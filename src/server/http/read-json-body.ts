import type { IncomingMessage } from 'node:http';
import { BadRequest, PayloadTooLarge } from '../../core/errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a JSON request body: refuses oversized bodies (413) before and while reading, invalid UTF-8 and
 * malformed JSON (400). An empty body reads as `{}` so parameterless tools need no payload.
 */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new PayloadTooLarge(`The request body is ${declared} bytes; the limit is ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new PayloadTooLarge(`The request body exceeds the limit of ${maxBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  let text: string;
  try {
    text = utf8.decode(Buffer.concat(chunks, size));
  } catch {
    throw new BadRequest('The request body is not valid UTF-8');
  }
  if (!text.trim()) return {};
  // The body is parsed as JSON whatever Content-Type says: `curl -d '{…}'` sends a form type by default.
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new BadRequest(`The request body is not valid JSON: ${(err as Error).message}`);
  }
}
