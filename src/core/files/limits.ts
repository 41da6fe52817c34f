// spec § Limits. MB here means MiB (1,048,576 bytes), the unit file managers and `ls -h` show.
export const MB = 1024 * 1024;
/** Upload size over REST: 25 MB per file. */
export const MAX_REST_FILE_BYTES = 25 * MB;
/** Upload size over MCP: the decoded content must stay under 1 MB. */
export const MAX_MCP_FILE_BYTES = 1 * MB;
/**
 * Platform storage cap per organization: the sum of the sizes of every stored file record in all of the
 * organization's containers, whatever its processing status (a failed or skipped file still occupies disk).
 * Deleting a file frees its bytes at once. Derived entries (chunks) do not count.
 */
export const ORG_STORAGE_CAP_BYTES = 50 * MB;
/** Room for multipart boundaries and part headers when judging a Content-Length against the file limit. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
