import { ExtractionError } from './errors.js';
import { MAX_TEXT_CHARS } from './limits.js';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Decodes UTF-8 text, refusing invalid byte sequences with the offset of the first one. */
export function decodeUtf8Strict(bytes: Uint8Array): string {
  let text: string;
  try {
    text = strict.decode(bytes);
  } catch {
    throw new ExtractionError(`The file is not valid UTF-8 (first invalid byte at offset ${firstInvalidOffset(bytes)})`);
  }
  if (text.length > MAX_TEXT_CHARS) throw new ExtractionError(`The file holds more than ${MAX_TEXT_CHARS} characters of text`);
  return text;
}

function firstInvalidOffset(bytes: Uint8Array): number {
  // Binary search for the longest prefix that decodes, allowing a sequence cut at the prefix end.
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    try {
      // A fresh decoder each time: streaming mode keeps an unfinished sequence as state.
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      lo = mid;
    } catch {
      hi = mid - 1;
    }
  }
  // The decodable prefix may end inside the broken sequence: report where that sequence starts.
  for (let k = 1; k <= 3 && lo - k >= 0; k++) {
    const b = bytes[lo - k];
    if (b >= 0xc0) return lo - k;
    if (b < 0x80) break;
  }
  return lo;
}
