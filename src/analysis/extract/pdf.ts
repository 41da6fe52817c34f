import { getDocumentProxy } from 'unpdf';
import { ExtractionError } from './errors.js';
import { MAX_PDF_PAGES, MAX_TEXT_CHARS } from './limits.js';
import type { ExtractedDocument, Section } from './types.js';

/** PDF → one section per page (`Page N`), text in reading order as pdf.js reports it. */
export async function extractPdf(bytes: Buffer): Promise<ExtractedDocument> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, disableFontFace: true, useSystemFonts: false });
  } catch (err) {
    throw new ExtractionError(`The PDF could not be read: ${(err as Error).message}`);
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES) throw new ExtractionError(`The PDF has ${pdf.numPages} pages; the limit is ${MAX_PDF_PAGES}`);
    let title: string | null = null;
    try {
      const meta = (await pdf.getMetadata()) as { info?: { Title?: unknown } };
      if (typeof meta.info?.Title === 'string' && meta.info.Title.trim()) title = meta.info.Title.trim();
    } catch {
      title = null; // metadata is optional; its absence is not a failure
    }
    const sections: Section[] = [];
    let chars = 0;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items as Array<{ str?: string; hasEOL?: boolean }>) {
        if (typeof item.str !== 'string') continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      page.cleanup();
      chars += text.length;
      if (chars > MAX_TEXT_CHARS) throw new ExtractionError(`The PDF yields more than ${MAX_TEXT_CHARS} characters of text`);
      // Lines of one paragraph come as separate lines; a blank line (or none) is what separates paragraphs.
      const body = text.replace(/[ \t]+/g, ' ').replace(/\n{3,}/g, '\n\n').trim();
      if (body) sections.push({ header: `Page ${n}`, text: body });
    }
    return { kind: 'sections', title, sections, contentType: 'text' };
  } catch (err) {
    if (err instanceof ExtractionError) throw err;
    throw new ExtractionError(`The PDF could not be read: ${(err as Error).message}`);
  } finally {
    await pdf.destroy();
  }
}
