/** Which extractor reads a detected content type; null means download-only (stored, never processed). */
export type ExtractorKind = 'pdf' | 'docx' | 'markdown' | 'html' | 'csv' | 'tsv' | 'json' | 'ndjson' | 'code' | 'text';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const BY_MIME: Record<string, ExtractorKind> = {
  'application/pdf': 'pdf',
  [DOCX_MIME]: 'docx',
  'text/markdown': 'markdown',
  'text/html': 'html',
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'application/json': 'json',
  'application/x-ndjson': 'ndjson',
  'text/plain': 'text',
  'application/xml': 'text',
};

/** Text types by file extension (the bytes say "text"; the extension says which kind of text). */
export const TEXT_TYPES_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  mdx: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'text/html',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  ndjson: 'application/x-ndjson',
  jsonl: 'application/x-ndjson',
  xml: 'application/xml',
};

/** Source code by extension: split at top-level declarations. */
export const CODE_TYPES_BY_EXTENSION: Record<string, string> = {
  ts: 'text/x-typescript',
  tsx: 'text/x-typescript',
  mts: 'text/x-typescript',
  cts: 'text/x-typescript',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  jsx: 'text/javascript',
  py: 'text/x-python',
  go: 'text/x-go',
  rs: 'text/x-rust',
  java: 'text/x-java',
  kt: 'text/x-kotlin',
  c: 'text/x-c',
  h: 'text/x-c',
  cc: 'text/x-c++',
  cpp: 'text/x-c++',
  hpp: 'text/x-c++',
  cs: 'text/x-csharp',
  rb: 'text/x-ruby',
  php: 'text/x-php',
  swift: 'text/x-swift',
  scala: 'text/x-scala',
  lua: 'text/x-lua',
  sh: 'text/x-shellscript',
  bash: 'text/x-shellscript',
  sql: 'text/x-sql',
  css: 'text/css',
  scss: 'text/x-scss',
  yaml: 'text/yaml',
  yml: 'text/yaml',
  toml: 'text/x-toml',
};

const CODE_MIMES = new Set(Object.values(CODE_TYPES_BY_EXTENSION));

export function extractorFor(mimeType: string): ExtractorKind | null {
  if (BY_MIME[mimeType]) return BY_MIME[mimeType];
  if (CODE_MIMES.has(mimeType)) return 'code';
  return null;
}
