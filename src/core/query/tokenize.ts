/**
 * A tokenizer that follows SQLite's own lexical rules (tokenize.c): the sandbox's checks must see a
 * statement exactly as SQLite will, so a general-purpose SQL parser (whose grammar differs from SQLite's
 * in quoting, comments and identifier characters) would be the wrong tool here.
 */

export type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'blob' | 'variable' | 'punct';

export interface Token {
  kind: TokenKind;
  /** Identifier/keyword text (quotes removed for `quoted`), literal text otherwise. */
  text: string;
  /** Offset in the statement, for messages. */
  at: number;
}

export class TokenizeError extends Error {}

// SQLite treats every byte >= 0x80 as an identifier character, so any non-ASCII code point is one too.
const isIdStart = (c: string) => /[A-Za-z_]/.test(c) || c.charCodeAt(0) >= 0x80;
const isIdPart = (c: string) => /[A-Za-z0-9_$]/.test(c) || c.charCodeAt(0) >= 0x80;
// SQLite's whitespace is ASCII only; U+00A0 and friends are identifier characters to it.
const SPACE = /[ \t\n\v\f\r]/;
const PUNCT3 = ['->>'];
const PUNCT2 = ['||', '<=', '>=', '==', '!=', '<>', '<<', '>>', '->'];

/** Tokens of the statement, without whitespace and comments (an unterminated block comment runs to the end, as in SQLite). */
export function tokenize(sql: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i];
    const at = i;
    if (SPACE.test(c)) {
      i++;
    } else if (c === '-' && sql[i + 1] === '-') {
      while (i < n && sql[i] !== '\n') i++;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (c === "'" || c === '"' || c === '`' || c === '[') {
      const close = c === '[' ? ']' : c;
      let text = '';
      i++;
      for (;;) {
        if (i >= n) throw new TokenizeError(`Unterminated ${c === "'" ? 'string' : 'quoted identifier'} starting at offset ${at}`);
        if (sql[i] === close) {
          if (close !== ']' && sql[i + 1] === close) {
            text += close;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        text += sql[i++];
      }
      out.push({ kind: c === "'" ? 'string' : 'quoted', text, at });
    } else if ((c === 'x' || c === 'X') && sql[i + 1] === "'") {
      const end = sql.indexOf("'", i + 2);
      if (end === -1) throw new TokenizeError(`Unterminated blob literal at offset ${at}`);
      out.push({ kind: 'blob', text: sql.slice(i, end + 1), at });
      i = end + 1;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(sql[i + 1] ?? ''))) {
      const m = /^(?:0[xX][0-9A-Fa-f_]+|(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?(?:[eE][+-]?[0-9]+)?)/.exec(sql.slice(i))!;
      i += Math.max(1, m[0].length);
      // SQLite reads `1abc` as a number glued to an identifier and refuses it; keep the glue visible.
      while (i < n && isIdPart(sql[i])) i++;
      out.push({ kind: 'number', text: sql.slice(at, i), at });
    } else if (c === '?' || c === ':' || c === '@' || c === '$' || c === '#') {
      i++;
      while (i < n && isIdPart(sql[i])) i++;
      out.push({ kind: 'variable', text: sql.slice(at, i), at });
    } else if (isIdStart(c)) {
      while (i < n && isIdPart(sql[i])) i++;
      out.push({ kind: 'word', text: sql.slice(at, i), at });
    } else {
      const three = sql.slice(i, i + 3);
      const two = sql.slice(i, i + 2);
      const p = PUNCT3.includes(three) ? three : PUNCT2.includes(two) ? two : c;
      out.push({ kind: 'punct', text: p, at });
      i += p.length;
    }
  }
  return out;
}

/** SQLite folds only ASCII letters when it compares identifiers and keywords. */
export function foldAscii(s: string): string {
  return s.replace(/[A-Z]/g, (ch) => ch.toLowerCase());
}
