import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A PDF with one line of text per page, made with pdf-lib. */
export async function makePdf(pages: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([612, 792]);
    text.split('\n').forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 16, size: 12, font }));
  }
  return Buffer.from(await doc.save());
}

/** A DOCX with headings and paragraphs, made with the docx package. */
export async function makeDocx(blocks: Array<{ heading?: string; text?: string }>): Promise<Buffer> {
  const children = blocks.map((b) => (b.heading ? new Paragraph({ text: b.heading, heading: HeadingLevel.HEADING_1 }) : new Paragraph({ text: b.text ?? '' })));
  return Buffer.from(await Packer.toBuffer(new Document({ sections: [{ children }] })));
}

/**
 * A DOCX-shaped zip bomb: a valid-looking [Content_Types].xml and word/document.xml whose body inflates to
 * `mb` megabytes of repeated bytes (deflate squeezes them ~1000:1).
 */
export async function makeDocxBomb(mb: number): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>');
  zip.file('word/document.xml', Buffer.alloc(mb * 1024 * 1024, 0x41));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** A tiny PNG (signature and IHDR are enough for type detection). */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
