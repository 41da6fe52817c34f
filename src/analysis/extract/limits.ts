// Guards against hostile or runaway inputs. Each is checked before the expensive step where possible; the
// worker thread's memory limit and timeout (run-extraction.ts) catch whatever slips past them.

/** Pages a PDF may have. */
export const MAX_PDF_PAGES = 2000;
/** Characters of text a file may yield (twice the largest upload: compression can expand). */
export const MAX_TEXT_CHARS = 50_000_000;
/** Chunks (or rows) one file may become. */
export const MAX_CHUNKS = 20_000;
/** Total uncompressed bytes inside a DOCX (zip) archive, and its entry count. */
export const MAX_ZIP_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 5000;
/** Worker limits: heap for one extraction, and wall time. */
export const EXTRACTION_HEAP_MB = 512;
export const EXTRACTION_TIMEOUT_MS = 120_000;
