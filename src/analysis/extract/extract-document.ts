import { codeSections } from './code.js';
import { extractDocx } from './docx.js';
import { extractHtml } from './html.js';
import type { ExtractorKind } from './kinds.js';
import { markdownSections } from './markdown.js';
import { normalizeText } from './paragraphs.js';
import { extractPdf } from './pdf.js';
import { extractDelimited, extractJson, extractNdjson } from './rows.js';
import type { ExtractedDocument } from './types.js';
import { decodeUtf8Strict } from './utf8.js';

/** Reads a file's bytes with the extractor its detected type calls for. Throws ExtractionError on bad input. */
export async function extractDocument(bytes: Buffer, kind: ExtractorKind): Promise<ExtractedDocument> {
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes);
    case 'docx':
      return extractDocx(bytes);
    case 'html':
      return extractHtml(decodeUtf8Strict(bytes));
    case 'markdown': {
      const { title, sections } = markdownSections(decodeUtf8Strict(bytes));
      return { kind: 'sections', title, sections, contentType: 'markdown' };
    }
    case 'csv':
      return extractDelimited(decodeUtf8Strict(bytes), ',');
    case 'tsv':
      return extractDelimited(decodeUtf8Strict(bytes), '\t');
    case 'json':
      return extractJson(decodeUtf8Strict(bytes));
    case 'ndjson':
      return extractNdjson(decodeUtf8Strict(bytes));
    case 'code':
      return { kind: 'sections', title: null, sections: codeSections(decodeUtf8Strict(bytes).replace(/^\uFEFF/, '')), contentType: 'text' };
    case 'text': {
      const text = normalizeText(decodeUtf8Strict(bytes).replace(/^\uFEFF/, ''));
      return { kind: 'sections', title: null, sections: text ? [{ header: null, text }] : [], contentType: 'text' };
    }
  }
}
