import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { ContainerContext } from '../context.js';
import { BadRequest, PayloadTooLarge } from '../errors.js';
import { MAX_MCP_FILE_BYTES } from './limits.js';
import { newUploadTempPath } from './storage.js';
import { storeUploadedFile } from './store-upload.js';

export interface ContentUploadInput {
  name: string;
  content?: string;
  contentBase64?: string;
  mimeType?: string;
}

/** spec § svc_files_upload over MCP: `processing` for a processed type, `stored` for a download-only one. */
export interface ContentUploadResult {
  id: string;
  name: string;
  status: 'processing' | 'stored';
  size: number;
  mimeType: string;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Decodes strict base64 (whitespace between groups tolerated); anything else is a 400, never silently dropped bytes. */
export function decodeBase64Strict(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (!BASE64.test(compact)) throw new BadRequest('contentBase64 is not valid base64');
  return Buffer.from(compact, 'base64');
}

/** Uploads a file sent inline (the MCP form: UTF-8 `content` or `contentBase64`), under 1 MB decoded. */
export async function uploadFileContent(ctx: ContainerContext, input: ContentUploadInput): Promise<ContentUploadResult> {
  if ((input.content === undefined) === (input.contentBase64 === undefined)) {
    throw new BadRequest('Send exactly one of content and contentBase64');
  }
  const bytes = input.content !== undefined ? Buffer.from(input.content, 'utf8') : decodeBase64Strict(input.contentBase64!);
  if (bytes.length >= MAX_MCP_FILE_BYTES) {
    throw new PayloadTooLarge(`The decoded file is ${bytes.length} bytes; uploads over MCP must stay under ${MAX_MCP_FILE_BYTES} bytes`);
  }
  const tempPath = newUploadTempPath(ctx.stores.dataDir);
  await writeFile(tempPath, bytes);
  const record = await storeUploadedFile(ctx, {
    tempPath,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    name: input.name,
    declaredType: input.mimeType ?? null,
    maxBytes: MAX_MCP_FILE_BYTES - 1,
  });
  return {
    id: record.id,
    name: record.name,
    status: record.status === 'skipped' ? 'stored' : 'processing',
    size: record.size,
    mimeType: record.mimeType,
  };
}
