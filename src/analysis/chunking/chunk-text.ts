export interface TextChunk {
  text: string;
  /** Nearest markdown heading above the chunk (`## Deploys` → `Deploys`), null before any heading. */
  sectionHeader: string | null;
}

export interface ChunkOptions {
  /** Texts up to this many characters stay one entry. */
  maxSingle: number;
  /** Preferred chunk size in characters; a chunk exceeds it only when one sentence does. */
  target: number;
}

// Sized for sentence-embedding models (a few hundred tokens per input) and for readable search snippets.
export const DEFAULT_CHUNKING: ChunkOptions = { maxSingle: 1500, target: 1000 };

const HEADING = /^ {0,3}(#{1,6})\s+(.+?)\s*#*\s*$/;

interface Section {
  header: string | null;
  body: string;
}

/** Splits markdown into sections at headings; the heading line stays at the top of its section. */
function sections(text: string): Section[] {
  const out: Section[] = [];
  let current: Section = { header: null, body: '' };
  let inFence = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^ {0,3}(```|~~~)/.test(line)) inFence = !inFence;
    const m = inFence ? null : HEADING.exec(line);
    if (m) {
      if (current.body.trim()) out.push(current);
      current = { header: m[2]!.trim(), body: `${line}\n` };
    } else {
      current.body += `${line}\n`;
    }
  }
  if (current.body.trim()) out.push(current);
  return out;
}

/** Paragraphs, and sentences of paragraphs too long for one chunk. */
function pieces(body: string, target: number): string[] {
  const out: string[] = [];
  for (const para of body.split(/\n\s*\n/)) {
    const p = para.trim();
    if (!p) continue;
    if (p.length <= target) {
      out.push(p);
      continue;
    }
    const sentences = p.match(/[^.!?\n]+(?:[.!?]+|\n|$)/g) ?? [p];
    for (const s of sentences) {
      const t = s.trim();
      if (!t) continue;
      // A single run-on "sentence" longer than two chunks is cut into chunk-sized pieces.
      if (t.length > target * 2) for (let i = 0; i < t.length; i += target) out.push(t.slice(i, i + target));
      else out.push(t);
    }
  }
  return out;
}

/**
 * Cuts a long text into chunks that respect markdown sections: a chunk never spans two headings, and
 * paragraphs (then sentences) are packed up to the target size. Short texts come back as null: they are
 * indexed whole.
 */
export function chunkText(text: string, opts: ChunkOptions = DEFAULT_CHUNKING): TextChunk[] | null {
  if (text.length <= opts.maxSingle) return null;
  const chunks: TextChunk[] = [];
  for (const section of sections(text)) {
    let buf = '';
    const flush = () => {
      if (buf.trim()) chunks.push({ text: buf.trim(), sectionHeader: section.header });
      buf = '';
    };
    for (const piece of pieces(section.body, opts.target)) {
      if (buf && buf.length + piece.length + 2 > opts.target) flush();
      buf = buf ? `${buf}\n\n${piece}` : piece;
    }
    flush();
  }
  return chunks.length > 1 ? chunks : null;
}

/** First sentence of a chunk, capped, used as its `chunkSummary` when no model summary exists. */
export function leadSentence(text: string, max = 160): string {
  const flat = text.replace(/^#+\s+.*$/m, '').replace(/\s+/g, ' ').trim() || text.replace(/\s+/g, ' ').trim();
  const m = /^.+?[.!?](\s|$)/.exec(flat);
  const s = (m ? m[0] : flat).trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
