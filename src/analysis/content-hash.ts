import { createHash } from 'node:crypto';

/**
 * Identity of content for duplicate detection (spec § Search match `_meta.svc.duplicates`): whitespace runs
 * collapse to one space and the ends are trimmed; structured content hashes its canonical JSON (sorted keys).
 */
export function contentHash(content: string | Record<string, unknown>): string {
  const text = typeof content === 'string' ? content.replace(/\s+/g, ' ').trim() : canonicalJson(content);
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value as object).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
