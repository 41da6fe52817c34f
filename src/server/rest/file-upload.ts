import busboy from 'busboy';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Principal } from '../../core/access/principal.js';
import { BadRequest, LengthRequired, PayloadTooLarge } from '../../core/errors.js';
import { MAX_REST_FILE_BYTES, MULTIPART_OVERHEAD_BYTES } from '../../core/files/limits.js';
import { assertStorageRoom } from '../../core/files/quota.js';
import { uploadResultView, type UploadResultView } from '../../core/files/record.js';
import { newUploadTempPath, removeQuietly } from '../../core/files/storage.js';
import { storeUploadedFile } from '../../core/files/store-upload.js';
import type { ToolDefinition } from '../../tools/definition.js';
import { admitToolCall, chargedRun, type ToolRuntime } from '../../tools/invoke.js';

interface Received {
  tempPath: string;
  size: number;
  sha256: string;
  name: string;
  declaredType: string | null;
  truncated: boolean;
}

/**
 * spec § svc_files_upload over REST: `POST /files`, multipart with one field `file`. The same gates as every
 * tool call run first (admitToolCall: access, visitor rule, tool active on REST, permission, pause), then the size checks that can be
 * made from the headers (411 without Content-Length, 413 over 25 MB or the storage cap); the body is then
 * streamed to a temp file under the data dir — never held in memory — and handed to core storeUploadedFile.
 */
export async function receiveMultipartUpload(
  rt: ToolRuntime,
  req: IncomingMessage,
  call: { principal: Principal; containerId: string; tool: ToolDefinition<any, any> },
): Promise<UploadResultView> {
  const admitted = await admitToolCall(rt, { principal: call.principal, containerId: call.containerId, transport: 'rest', tool: call.tool.name });
  const { ctx } = admitted;

  const lengthHeader = req.headers['content-length'];
  if (lengthHeader === undefined) {
    discardAtMost(req, MAX_DISCARD_BYTES);
    throw new LengthRequired('A Content-Length header is required: the upload size must be known before the body is read (chunked bodies are refused)');
  }
  const length = Number(lengthHeader);
  if (!/^\d+$/.test(lengthHeader) || !Number.isSafeInteger(length)) throw new BadRequest('Content-Length must be a whole number of bytes');
  if (length > MAX_REST_FILE_BYTES + MULTIPART_OVERHEAD_BYTES) {
    discardAtMost(req, MAX_DISCARD_BYTES);
    throw new PayloadTooLarge(`The upload is ${length} bytes; the limit is ${MAX_REST_FILE_BYTES} bytes (25 MB) per file`);
  }
  const contentType = String(req.headers['content-type'] ?? '');
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new BadRequest('Send the file as multipart/form-data with one field named "file"');
  }
  await assertStorageRoom(rt.stores, ctx.container.orgId, Math.max(0, length - MULTIPART_OVERHEAD_BYTES));
  const record = await chargedRun(admitted, async () => {
    const received = await streamFilePart(req, rt.stores.dataDir);
    if (received.truncated) {
      await removeQuietly(received.tempPath);
      throw new PayloadTooLarge(`The file exceeds the limit of ${MAX_REST_FILE_BYTES} bytes (25 MB)`);
    }
    return storeUploadedFile(ctx, { ...received, maxBytes: MAX_REST_FILE_BYTES });
  });
  return uploadResultView(record);
}

/** A refused body is read and dropped so the client sees the answer; past this much the connection is cut. */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;

function discardAtMost(req: IncomingMessage, maxBytes: number): void {
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) req.socket.destroy();
  });
}

/** Parses the multipart body, writing the `file` part to a temp file while hashing and counting it. */
function streamFilePart(req: IncomingMessage, dataDir: string): Promise<Received> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // One byte over the limit marks a file as too large (busboy truncates at the limit itself).
        limits: { files: 1, fileSize: MAX_REST_FILE_BYTES + 1, fields: 20, fieldSize: 64 * 1024, parts: 40, headerPairs: 50 },
      });
    } catch (err) {
      reject(new BadRequest(`Malformed multipart request: ${(err as Error).message}`));
      return;
    }
    let writing: Promise<Received> | null = null;
    let failure: Error | null = null;
    let current: NodeJS.ReadableStream & { destroy(err?: Error): void } | null = null;
    bb.on('file', (field, stream, info) => {
      if (field !== 'file' || writing) {
        stream.resume();
        return;
      }
      current = stream;
      const tempPath = newUploadTempPath(dataDir);
      const hash = createHash('sha256');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          hash.update(chunk);
          cb(null, chunk);
        },
      });
      writing = pipeline(stream, counter, createWriteStream(tempPath)).then(
        () => ({
          tempPath,
          size,
          sha256: hash.digest('hex'),
          name: info.filename ?? '',
          declaredType: info.mimeType || null,
          truncated: (stream as { truncated?: boolean }).truncated === true,
        }),
        async (err) => {
          await removeQuietly(tempPath);
          throw err;
        },
      );
      // Rejections are collected at 'close'; this keeps an early one from going unhandled meanwhile.
      writing.catch(() => undefined);
    });
    bb.on('filesLimit', () => {
      failure ??= new BadRequest('Send one file per request (one multipart field named "file")');
    });
    bb.on('error', (err: Error) => {
      failure ??= new BadRequest(`Malformed multipart body: ${err.message}`);
      void finish();
    });
    bb.on('close', () => void finish());
    let finished = false;
    const finish = async () => {
      if (finished) return;
      finished = true;
      const file = await (writing ?? Promise.resolve(null)).catch((err: Error) => {
        failure ??= new BadRequest(`The upload was interrupted: ${err.message}`);
        return null;
      });
      if (failure) {
        if (file) await removeQuietly(file.tempPath);
        reject(failure);
      } else if (!file) reject(new BadRequest('The multipart body has no field named "file"'));
      else resolve(file);
    };
    // A dropped connection never ends the multipart parser: stop the file write (its temp file is removed)
    // and settle, so nothing is left on disk or pending in memory.
    const abort = () => {
      if (finished) return;
      failure ??= new BadRequest('The client closed the connection before the upload finished');
      current?.destroy(new Error('connection closed'));
      void finish();
    };
    req.on('aborted', abort);
    req.on('close', () => {
      if (!req.complete) abort();
    });
    req.pipe(bb);
  });
}
