import { describe, expect, it } from 'vitest';
import { buildChunks } from '../../src/analysis/extract/build-chunks.js';
import { codeSections } from '../../src/analysis/extract/code.js';
import { ExtractionError } from '../../src/analysis/extract/errors.js';
import { extractHtml } from '../../src/analysis/extract/html.js';
import { extractorFor } from '../../src/analysis/extract/kinds.js';
import { markdownSections } from '../../src/analysis/extract/markdown.js';
import { extractDelimited, extractJson, extractNdjson } from '../../src/analysis/extract/rows.js';
import { splitIntoChunks } from '../../src/analysis/extract/split-into-chunks.js';
import { extractiveSummary, rowSummary } from '../../src/analysis/extract/summary.js';
import { decodeUtf8Strict } from '../../src/analysis/extract/utf8.js';
import { looksLikeText } from '../../src/core/files/detect-type.js';
import { extensionOf, sanitizeFileName } from '../../src/core/files/file-name.js';

describe('markdownSections', () => {
  it('opens a section at each ATX and setext heading, keeping the heading line in the text', () => {
    const { title, sections } = markdownSections('Preface line\n\n# Title\n\nBody\n\nSub\n---\n\nMore\n\n### Deep ###\n\nx');
    expect(title).toBe('Title');
    expect(sections.map((s) => s.header)).toEqual([null, 'Title', 'Sub', 'Deep']);
    expect(sections[1].text).toBe('# Title\n\nBody');
  });

  it('ignores # lines inside code fences', () => {
    const { sections } = markdownSections('# A\n\n```sh\n# not a heading\n```\n\n# B\n\ny');
    expect(sections.map((s) => s.header)).toEqual(['A', 'B']);
    expect(sections[0].text).toContain('# not a heading');
  });
});

describe('splitIntoChunks', () => {
  it('packs paragraphs up to the target and never mixes sections', () => {
    const para = 'word '.repeat(50).trim();
    const chunks = splitIntoChunks(
      [
        { header: 'A', text: [para, para, para].join('\n\n') },
        { header: 'B', text: 'short' },
      ],
      { targetChars: 600, maxChars: 800 },
    );
    expect(chunks.map((c) => c.sectionHeader)).toEqual(['A', 'A', 'B']);
    expect(chunks[0].text).toBe(`${para}\n\n${para}`);
    expect(chunks.every((c) => c.text.length <= 800)).toBe(true);
  });

  it('cuts an oversized paragraph at sentence ends, else at whitespace, else hard', () => {
    const sentences = 'This is one sentence. '.repeat(100).trim();
    const pieces = splitIntoChunks([{ header: null, text: sentences }], { targetChars: 300, maxChars: 300 });
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.every((p) => p.text.endsWith('.') && p.text.length <= 300)).toBe(true);
    const blob = 'x'.repeat(1000);
    const hard = splitIntoChunks([{ header: null, text: blob }], { targetChars: 300, maxChars: 300 });
    expect(hard.map((p) => p.text.length)).toEqual([300, 300, 300, 100]);
  });

  it('drops empty sections', () => {
    expect(splitIntoChunks([{ header: 'x', text: '  \n\n ' }])).toEqual([]);
  });
});

describe('codeSections', () => {
  it('splits Python at top-level def/class, keeping decorators and comments with their declaration', () => {
    const src = 'import os\n\n# helper\n@cache\ndef a():\n    return 1\n\nclass B:\n    def c(self):\n        pass\n';
    const s = codeSections(src);
    expect(s.map((x) => x.header)).toEqual([null, 'def a():', 'class B:']);
    expect(s[1].text).toBe('# helper\n@cache\ndef a():\n    return 1');
    expect(s[2].text).toContain('def c(self)');
  });

  it('keeps a JSDoc block with the function below it', () => {
    const s = codeSections('const a = 1;\n\n/**\n * Doc.\n */\nexport function f() {}\n');
    expect(s.map((x) => x.header)).toEqual(['const a = 1;', 'export function f() {}']);
    expect(s[1].text.startsWith('/**')).toBe(true);
  });
});

describe('rows', () => {
  it('CSV: typed cells, text kept for leading zeros, empty → null, blank headers named', () => {
    const doc = extractDelimited('id,zip,,ok\n1,0042,x,true\n2.5,,y,false\n', ',');
    expect(doc.kind === 'rows' && doc.rows.map((r) => r.values)).toEqual([
      { id: 1, zip: '0042', column3: 'x', ok: true },
      { id: 2.5, zip: null, column3: 'y', ok: false },
    ]);
  });

  it('TSV and a CSV with a broken quote', () => {
    const tsv = extractDelimited('a\tb\n1\t2\n', '\t');
    expect(tsv.kind === 'rows' && tsv.rows[0].values).toEqual({ a: 1, b: 2 });
    expect(() => extractDelimited('a,b\n"1,2\n', ',')).toThrow(ExtractionError);
  });

  it('JSON: arrays, objects holding arrays of objects, and scalars', () => {
    const arr = extractJson('[{"a":1}, 2]');
    expect(arr.kind === 'rows' && arr.rows).toEqual([
      { header: '[0]', values: { a: 1 } },
      { header: '[1]', values: { value: 2 } },
    ]);
    const scalar = extractJson('"hi"');
    expect(scalar.kind === 'rows' && scalar.rows).toEqual([{ header: '(value)', values: { value: 'hi' } }]);
    expect(() => extractJson('{')).toThrow(/JSON could not be parsed/);
  });

  it('NDJSON: one row per line, naming the bad line', () => {
    const doc = extractNdjson('{"a":1}\n\n{"a":2}\n');
    expect(doc.kind === 'rows' && doc.rows.map((r) => r.header)).toEqual(['Line 1', 'Line 3']);
    expect(() => extractNdjson('{"a":1}\nnope')).toThrow(/Line 2/);
  });
});

describe('extractHtml', () => {
  it('reads a short page without an article from its body, skipping scripts', () => {
    const doc = extractHtml('<html><head><title>T</title><script>evil()</script></head><body><h2>Hours</h2><p>Open at nine.</p></body></html>');
    expect(doc.kind === 'sections' && doc.sections).toEqual([{ header: 'Hours', text: 'Hours\n\nOpen at nine.' }]);
    expect(doc.title).toBe('T');
  });
});

describe('summaries', () => {
  it('extractive: the first sentence without Markdown markers, clipped to 200 characters', () => {
    expect(extractiveSummary('## Setup\n\n**Install** the [tool](http://x). Then run it.')).toBe('Setup Install the tool.');
    expect(extractiveSummary('word '.repeat(100)).length).toBeLessThanOrEqual(200);
  });
  it('rows: key: value pairs', () => {
    expect(rowSummary({ a: 1, b: { c: 2 } })).toBe('a: 1; b: {"c":2}');
  });
});

describe('file names, types and text', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\x\\report.pdf', 'report.pdf'],
    ['...hidden', 'hidden'],
    ['a\u0000b\u0007c.txt', 'abc.txt'],
    ['', 'upload'],
    ['..', 'upload'],
    [`${'n'.repeat(300)}.md`, `${'n'.repeat(197)}.md`],
  ])('sanitizeFileName(%j) = %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('extensionOf and extractorFor', () => {
    expect(extensionOf('a.TAR.GZ')).toBe('gz');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extractorFor('text/x-python')).toBe('code');
    expect(extractorFor('image/png')).toBeNull();
    expect(extractorFor('application/zip')).toBeNull();
  });

  it('looksLikeText: NUL means binary; a few control bytes are tolerated', () => {
    expect(looksLikeText(Buffer.from('plain\ttext\r\n'))).toBe(true);
    expect(looksLikeText(Buffer.from([0x61, 0x00, 0x62]))).toBe(false);
    expect(looksLikeText(Buffer.from([0xe9, 0x61]))).toBe(true);
    expect(looksLikeText(Buffer.from([1, 2, 3, 4, 0x61]))).toBe(false);
  });

  it('decodeUtf8Strict reports where the first broken sequence starts', () => {
    expect(decodeUtf8Strict(Buffer.from('héllo'))).toBe('héllo');
    expect(() => decodeUtf8Strict(Buffer.from([0x61, 0x62, 0xff]))).toThrow(/offset 2/);
    expect(() => decodeUtf8Strict(Buffer.from([0x61, 0xe2, 0x82]))).toThrow(/offset 1/);
  });

  it('buildChunks refuses a document that would pass the chunk limit', () => {
    const rows = Array.from({ length: 20_001 }, (_, i) => ({ header: `Row ${i + 1}`, values: { i } }));
    expect(() => buildChunks({ kind: 'rows', title: null, rows })).toThrow(/limit is 20000/);
  });
});
