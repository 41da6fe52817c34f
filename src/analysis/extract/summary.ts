const MAX_SUMMARY = 200;

/**
 * Extractive chunk summary (the offline default of `chunkSummary`): the chunk's first sentence, with
 * Markdown markers removed, cut to 200 characters at a word boundary.
 */
export function extractiveSummary(text: string): string {
  const plain = text
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|[-*+>]|\d+[.)])\s+/gm, '')
    .replace(/[*_`]{1,3}([^*_`]+)[*_`]{1,3}/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = /^(.+?[.!?。！？])(\s|$)/.exec(plain)?.[1] ?? plain;
  return clip(sentence, MAX_SUMMARY);
}

/** `key: value; key: value` for a structured row, cut to 200 characters. */
export function rowSummary(values: Record<string, unknown>): string {
  const parts = Object.entries(values).map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`);
  return clip(parts.join('; '), MAX_SUMMARY);
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}
