import { parseHTML } from 'linkedom';
import type { Section } from './types.js';

const BLOCKS = 'h1,h2,h3,h4,h5,h6,p,li,pre,blockquote,td,th,dt,dd,figcaption,caption';
const HEADING = /^H[1-6]$/;

/**
 * Readable HTML (an article body, or mammoth's rendering of a DOCX) → sections: each heading opens a
 * section; the innermost text blocks become its paragraphs. Text outside any block is kept as a fallback.
 */
export function htmlSections(html: string): { title: string | null; sections: Section[] } {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const blocks = [...document.querySelectorAll(BLOCKS)].filter((el: any) => !el.querySelector(BLOCKS));
  const sections: Section[] = [];
  let current: Section = { header: null, text: '' };
  let title: string | null = null;
  const push = () => {
    if (current.text.trim()) sections.push(current);
  };
  for (const el of blocks as any[]) {
    const isPre = el.tagName === 'PRE';
    const text = isPre ? String(el.textContent ?? '').replace(/\n{2,}/g, '\n') : String(el.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text.trim()) continue;
    if (HEADING.test(el.tagName)) {
      push();
      if (el.tagName === 'H1' && title === null) title = text;
      current = { header: text, text: text };
      continue;
    }
    const line = el.tagName === 'LI' ? `- ${text}` : text;
    current.text = current.text ? `${current.text}\n\n${line}` : line;
  }
  push();
  if (sections.length === 0) {
    const text = String(document.body?.textContent ?? '').replace(/[ \t]+/g, ' ').trim();
    if (text) sections.push({ header: null, text });
  }
  return { title, sections };
}
