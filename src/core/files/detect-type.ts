import { open } from 'node:fs/promises';
import { CODE_TYPES_BY_EXTENSION, extractorFor, TEXT_TYPES_BY_EXTENSION, type ExtractorKind } from '../../analysis/extract/kinds.js';
import { extensionOf } from './file-name.js';

export interface DetectedType {
  /** Recorded content type: from the bytes (magic numbers), refined by the extension only for text. */
  mimeType: string;
  /** Null for download-only types. */
  extractor: ExtractorKind | null;
}

const SAMPLE_BYTES = 64 * 1024;

/**
 * Detects the content type from the file's own bytes (spec § File record), never from the declared type:
 * binary formats by their signatures (file-type); otherwise a byte sample decides "text or binary", and
 * for text the extension (or, without one, a declared text type or a sniff) says which kind of text.
 */
export async function detectFileType(path: string, name: string, declaredType: string | null): Promise<DetectedType> {
  // Loaded on first use: the CLI imports this module through the tool registry but never detects types.
  const { fileTypeFromFile } = await import('file-type');
  const magic = await fileTypeFromFile(path);
  if (magic && magic.mime !== 'application/xml') {
    return { mimeType: magic.mime, extractor: extractorFor(magic.mime) };
  }
  const sample = await readSample(path);
  if (!looksLikeText(sample)) return { mimeType: 'application/octet-stream', extractor: null };
  const mimeType = textTypeOf(name, declaredType, sample, magic?.mime);
  return { mimeType, extractor: extractorFor(mimeType) };
}

async function readSample(path: string): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await fh.read(buf, 0, SAMPLE_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Text has no NUL bytes and almost no control characters other than whitespace and ESC. Invalid UTF-8 still
 * counts as text here (a Latin-1 `.txt` is text); its extraction then fails with a clear reason.
 */
export function looksLikeText(sample: Buffer): boolean {
  let control = 0;
  for (const b of sample) {
    if (b === 0) return false;
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x0b && b !== 0x1b) || b === 0x7f) control++;
  }
  return control <= sample.length * 0.01;
}

function textTypeOf(name: string, declaredType: string | null, sample: Buffer, magicMime: string | undefined): string {
  const ext = extensionOf(name);
  // Text-encoded images are still images: stored for download, not read as prose.
  if (ext === 'svg') return 'image/svg+xml';
  const byExt = TEXT_TYPES_BY_EXTENSION[ext] ?? CODE_TYPES_BY_EXTENSION[ext];
  if (byExt) return byExt;
  if (magicMime) return magicMime;
  const declared = (declaredType ?? '').split(';')[0].trim().toLowerCase();
  if (declared && (Object.values(TEXT_TYPES_BY_EXTENSION).includes(declared) || Object.values(CODE_TYPES_BY_EXTENSION).includes(declared))) {
    return declared;
  }
  const head = sample.toString('utf8', 0, Math.min(sample.length, 4096)).replace(/^\uFEFF/, '').trimStart();
  if (/^(<!doctype html|<html[\s>])/i.test(head)) return 'text/html';
  if (/^[[{]/.test(head)) return 'application/json';
  if (/^#{1,6} \S/m.test(head)) return 'text/markdown';
  return 'text/plain';
}
