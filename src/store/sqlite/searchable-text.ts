/** The text a full-text index sees for an entry: strings as they are, structured content as `key value` pairs. */
export function searchableText(content: string | Record<string, unknown>): string {
  if (typeof content === 'string') return content;
  const parts: string[] = [];
  const walk = (value: unknown, key?: string): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      for (const v of value) walk(v, key);
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(v, k);
    } else {
      parts.push(key ? `${key} ${String(value)}` : String(value));
    }
  };
  walk(content);
  return parts.join('\n');
}
