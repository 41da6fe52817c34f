import type { Section } from './types.js';
import { splitParagraphs } from './paragraphs.js';

export interface TextChunk {
  text: string;
  sectionHeader: string | null;
}

export interface SplitOptions {
  /** A chunk closes once adding the next paragraph would pass this many characters. */
  targetChars: number;
  /** A single paragraph longer than this is cut at sentence (else word) boundaries. */
  maxChars: number;
}

export const DEFAULT_SPLIT: SplitOptions = { targetChars: 1800, maxChars: 2400 };

/**
 * Section-aware splitting: chunks never span two sections (each chunk keeps one `sectionHeader`); inside a
 * section, whole paragraphs are packed up to the target size; an oversized paragraph is cut at sentence
 * ends, then at whitespace, then hard. The one entry point, so another chunker can replace it.
 */
export function splitIntoChunks(sections: Section[], opts: SplitOptions = DEFAULT_SPLIT): TextChunk[] {
  const chunks: TextChunk[] = [];
  for (const section of sections) {
    let buf = '';
    const flush = () => {
      if (buf.trim()) chunks.push({ text: buf, sectionHeader: section.header });
      buf = '';
    };
    for (const para of splitParagraphs(section.text)) {
      for (const piece of para.length > opts.maxChars ? cutLongParagraph(para, opts.maxChars) : [para]) {
        if (buf && buf.length + 2 + piece.length > opts.targetChars) flush();
        buf = buf ? `${buf}\n\n${piece}` : piece;
      }
    }
    flush();
  }
  return chunks;
}

function cutLongParagraph(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    let cut = lastMatchEnd(window, /[.!?。！？](?=\s)/g);
    if (cut < max * 0.5) cut = Math.max(window.lastIndexOf('\n'), window.lastIndexOf(' ')) + 1;
    if (cut < max * 0.5) cut = max;
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

function lastMatchEnd(text: string, re: RegExp): number {
  let end = 0;
  for (const m of text.matchAll(re)) end = (m.index ?? 0) + m[0].length;
  return end;
}
