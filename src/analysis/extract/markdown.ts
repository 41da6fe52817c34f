import { normalizeText } from './paragraphs.js';
import type { Section } from './types.js';

const ATX = /^ {0,3}(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Markdown → sections at each heading (ATX `#` and setext `===`/`---`), ignoring `#` lines inside code
 * fences. A section's text starts with its heading line so the heading words stay searchable.
 */
export function markdownSections(source: string): { title: string | null; sections: Section[] } {
  const lines = normalizeText(source).split('\n');
  const sections: Section[] = [];
  let header: string | null = null;
  let body: string[] = [];
  let fence: string | null = null;
  let title: string | null = null;
  const close = () => {
    const text = body.join('\n').trim();
    if (text) sections.push({ header, text });
    body = [];
  };
  const open = (level: number, text: string, raw: string[]) => {
    close();
    header = text;
    if (level === 1 && title === null) title = text;
    body = raw;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const f = FENCE.exec(line);
    if (f) {
      if (fence === null) fence = f[1][0];
      else if (f[1][0] === fence) fence = null;
      body.push(line);
      continue;
    }
    if (fence !== null) {
      body.push(line);
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      open(atx[1].length, atx[2], [line]);
      continue;
    }
    const next = lines[i + 1];
    const prevBlank = i === 0 || lines[i - 1].trim() === '';
    if (next !== undefined && line.trim() && prevBlank && /^ {0,3}(=+|-+)[ \t]*$/.test(next) && !/^\s*[-*+]\s/.test(line)) {
      open(next.trim()[0] === '=' ? 1 : 2, line.trim(), [line, next]);
      i++;
      continue;
    }
    body.push(line);
  }
  close();
  return { title, sections };
}
