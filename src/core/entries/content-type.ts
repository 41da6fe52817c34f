import type { ContentType } from '../../store/types.js';

// Markdown is recognised by the constructs people actually use at line starts, or inline links/emphasis.
const MARKDOWN_HINTS = [/^#{1,6}\s+\S/m, /^\s*[-*+]\s+\S/m, /^\s*\d+\.\s+\S/m, /^```/m, /^>\s+\S/m, /\[[^\]]+\]\([^)]+\)/, /\*\*[^*]+\*\*/, /^\|.+\|\s*$/m];

/** `contentType` when the writer omitted it: objects are structured; text with Markdown syntax is markdown. */
export function inferContentType(content: string | Record<string, unknown>): ContentType {
  if (typeof content !== 'string') return 'structured';
  return MARKDOWN_HINTS.some((re) => re.test(content)) ? 'markdown' : 'text';
}
