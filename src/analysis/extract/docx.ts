import mammoth from 'mammoth';
import { ExtractionError } from './errors.js';
import { htmlSections } from './html-sections.js';
import type { ExtractedDocument } from './types.js';
import { assertSafeZip } from './zip-guard.js';

/** DOCX → sections: Word headings (Heading 1…6 styles) become section headers via mammoth's HTML. */
export async function extractDocx(bytes: Buffer): Promise<ExtractedDocument> {
  await assertSafeZip(bytes);
  let html: string;
  try {
    // Images would arrive inlined as base64 data URIs: only text is wanted, so they become empty <img>s.
    html = (await mammoth.convertToHtml({ buffer: bytes }, { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) })).value;
  } catch (err) {
    throw new ExtractionError(`The DOCX could not be read: ${(err as Error).message}`);
  }
  const { title, sections } = htmlSections(html);
  return { kind: 'sections', title, sections, contentType: 'text' };
}
