import { randomUUID } from 'node:crypto';
import { JobKind } from '../../analysis/job-kinds.js';
import type { StoredFile } from '../../store/types.js';
import type { ContainerContext } from '../context.js';
import { PayloadTooLarge } from '../errors.js';
import { defaultSource } from '../entries/write.js';
import { detectFileType } from './detect-type.js';
import { sanitizeFileName } from './file-name.js';
import { assertStorageRoom } from './quota.js';
import { moveIntoPlace, removeQuietly } from './storage.js';

export interface ReceivedUpload {
  /** The bytes, already on disk under the data dir's upload temp folder; moved or removed by this call. */
  tempPath: string;
  size: number;
  sha256: string;
  /** As sent (part header filename or MCP `name`); sanitized here. */
  name: string;
  declaredType: string | null;
  /** Largest size accepted on the transport the bytes came from. */
  maxBytes: number;
}

/**
 * Records an upload whose bytes have been received: checks the size and the organization's storage cap,
 * detects the type from the bytes, moves the bytes into place and stores the record — with its extraction
 * job in the same transaction for processed types (`pending`), without one for download-only types
 * (`skipped`, spec § File processing).
 */
export async function storeUploadedFile(ctx: ContainerContext, upload: ReceivedUpload): Promise<StoredFile> {
  try {
    if (upload.size > upload.maxBytes) {
      throw new PayloadTooLarge(`The file is ${upload.size} bytes; the limit is ${upload.maxBytes} bytes per file`);
    }
    await assertStorageRoom(ctx.stores, ctx.container.orgId, upload.size);
    const name = sanitizeFileName(upload.name);
    const detected = await detectFileType(upload.tempPath, name, upload.declaredType);
    const id = randomUUID();
    await moveIntoPlace(upload.tempPath, ctx.stores.dataDir, ctx.container.id, id);
    const record: StoredFile = {
      id,
      name,
      size: upload.size,
      mimeType: detected.mimeType,
      declaredType: upload.declaredType,
      uploadedAt: ctx.now,
      status: detected.extractor ? 'pending' : 'skipped',
      chunkCount: null,
      compositeId: null,
      failureReason: null,
      source: defaultSource(ctx),
      sha256: upload.sha256,
    };
    const job = detected.extractor ? { id: randomUUID(), kind: JobKind.extractFile, payload: { fileId: id } } : null;
    await ctx.entries.files.insert(record, job);
    if (job) ctx.wake(ctx.container.id);
    return record;
  } finally {
    // After a successful move the temp path no longer exists; after a refusal this frees the disk.
    await removeQuietly(upload.tempPath);
  }
}
