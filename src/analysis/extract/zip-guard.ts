import JSZip from 'jszip';
import { ExtractionError } from './errors.js';
import { MAX_ZIP_ENTRIES, MAX_ZIP_UNCOMPRESSED_BYTES } from './limits.js';

/**
 * Refuses zip bombs before a parser inflates the archive: counts entries, then inflates each entry as a
 * stream, stopping as soon as the running total passes the limit (declared sizes can lie; these bytes cannot).
 */
export async function assertSafeZip(bytes: Uint8Array): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch (err) {
    throw new ExtractionError(`The archive is damaged: ${(err as Error).message}`);
  }
  const files = Object.values(zip.files).filter((f) => !f.dir);
  if (files.length > MAX_ZIP_ENTRIES) throw new ExtractionError(`The archive holds ${files.length} entries; the limit is ${MAX_ZIP_ENTRIES}`);
  // Fast refusal from the sizes the archive declares (JSZip keeps them from the central directory)...
  const declared = files.reduce((n, f) => n + Number((f as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0), 0);
  if (declared > MAX_ZIP_UNCOMPRESSED_BYTES) throw bombError();
  // ...then the truth: inflate and count, since declared sizes can lie.
  let total = 0;
  for (const f of files) {
    await new Promise<void>((resolve, reject) => {
      const stream = f.nodeStream('nodebuffer');
      stream
        .on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > MAX_ZIP_UNCOMPRESSED_BYTES) {
            stream.pause();
            reject(bombError());
          }
        })
        .on('error', (err: Error) => reject(new ExtractionError(`The archive is damaged: ${err.message}`)))
        .on('end', () => resolve());
    });
  }
}

function bombError(): ExtractionError {
  return new ExtractionError(`The archive expands past ${MAX_ZIP_UNCOMPRESSED_BYTES / (1024 * 1024)} MB (a zip bomb?)`);
}
