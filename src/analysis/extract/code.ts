import type { Section } from './types.js';

// A declaration that starts at column 0 opens a section (functions, classes, types, top-level constants…).
const DECLARATION =
  /^(?:export\s+)?(?:default\s+)?(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:abstract\s+|static\s+|public\s+|private\s+|protected\s+|final\s+)*(?:function\*?|class|interface|type|enum|const|let|var|def|func|fn|impl|struct|trait|mod|module|object|namespace|CREATE|create|[A-Za-z_][\w.]*\s*:\s*$)\b/;
const DECORATOR = /^@[\w.]+/;

/**
 * Source code → one section per top-level declaration (header: its first line), with the code kept verbatim.
 * Decorators and comments directly above a declaration stay with it; the file's preamble is its own section.
 */
export function codeSections(source: string): Section[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const sections: Section[] = [];
  let header: string | null = null;
  let body: string[] = [];
  let lead: string[] = [];
  const close = () => {
    const text = body.join('\n').replace(/^\n+|\s+$/g, '');
    if (text) sections.push({ header, text });
  };
  for (const line of lines) {
    const isLead =
      DECORATOR.test(line) || /^(\/\/|#(?!!)|\/\*|--)/.test(line) || (lead.length > 0 && /^\s*(\*|\/\/|#)/.test(line));
    if (isLead) {
      lead.push(line);
      continue;
    }
    if (DECLARATION.test(line)) {
      close();
      header = line.trim().slice(0, 120);
      body = [...lead, line];
    } else {
      body.push(...lead, line);
    }
    lead = [];
  }
  body.push(...lead);
  close();
  return sections;
}
