import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { makeDocx, makePdf, PNG_BYTES } from '../helpers/file-fixtures.js';
import { chunksOf, ftsMatch, upload, waitForFile } from '../helpers/files.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startDaemon();
});
afterAll(async () => {
  await d?.stop();
});

const MARKDOWN = `# Garden handbook

Intro about the garden.

## Watering

Water the tomatoes every morning. The zucchini prefers evening watering.

## Pests

Aphids are handled with ladybugs.
`;

async function uploadAndWait(name: string, data: Buffer | string, type?: string) {
  const up = await upload(d, { name, data, type });
  expect(up.status).toBe(201);
  return { up: up.body.data, file: await waitForFile(d, up.body.data.id) };
}

async function compositeOf(fileId: string) {
  const list = await d.rest('POST', '/tools/explore', { body: {} });
  const files = await d.rest('GET', '/files');
  const f = files.body.data.find((x: any) => x.id === fileId);
  const comp = list.body.data.composites.find((c: any) => c.id === f.compositeId);
  return { file: f, composite: comp };
}

describe('POST /files and background extraction', () => {
  it('uploads Markdown: 201 pending with the upload fields, then complete with sections as chunks', async () => {
    const up = await upload(d, { name: 'garden.md', data: MARKDOWN, type: 'image/png' });
    expect(up.status).toBe(201);
    expect(up.body.success).toBe(true);
    expect(up.body.data).toMatchObject({ name: 'garden.md', size: Buffer.byteLength(MARKDOWN), processingStatus: 'pending' });
    expect(up.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(up.body.data.uploadedAt).toISOString()).toBe(up.body.data.uploadedAt);
    // The declared part type (image/png) is ignored: the type comes from the bytes (and, for text, the extension).
    expect(up.body.data.mimeType).toBe('text/markdown');

    const file = await waitForFile(d, up.body.data.id);
    expect(file).toMatchObject({
      id: up.body.data.id,
      name: 'garden.md',
      size: Buffer.byteLength(MARKDOWN),
      mimeType: 'text/markdown',
      uploadedAt: up.body.data.uploadedAt,
      processingStatus: 'complete',
      chunkCount: 3,
    });

    const { composite } = await compositeOf(file.id);
    expect(composite).toMatchObject({ compositeType: 'file', fileName: 'garden.md', chunkCount: 3, source: 'file:garden.md' });
    const got = await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: composite.id } });
    expect(got.body.data.entry.properties).toMatchObject({ fileId: file.id, fileName: 'garden.md', mimeType: 'text/markdown' });
    expect(got.body.data.resource_link).toEqual({ uri: `svc://${d.containerId}/files/${file.id}`, name: 'garden.md', mimeType: 'text/markdown' });

    const status = await d.rest('GET', '/status');
    expect(status.body.data.counts.composites).toBeGreaterThanOrEqual(1);
    const chunks = await chunksOf(d, composite.id);
    expect(chunks.map((c) => c.properties.sectionHeader)).toEqual(['Garden handbook', 'Watering', 'Pests']);
    expect(chunks[1].content).toContain('Water the tomatoes every morning.');
    expect(chunks[1].properties).toMatchObject({ fileName: 'garden.md', sourceFileId: file.id, chunkSummary: 'Watering Water the tomatoes every morning.' });
  });

  it('makes a processed file findable by full-text search (FTS5 index; svc_search lives on another branch)', async () => {
    const { file } = await uploadAndWait('notes.txt', 'The quokka migration happens in late spring.\n\nNothing else.');
    const hits = await ftsMatch(d, 'quokka');
    const { composite } = await compositeOf(file.id);
    const chunks = await chunksOf(d, composite.id);
    expect(hits).toContain(chunks[0].id);
    expect(chunks[0].content).toContain('quokka migration');
  });

  it('extracts a PDF page by page', async () => {
    const pdf = await makePdf(['Quarterly zebra report for the board', 'Second page mentions the okapi budget']);
    const { up, file } = await uploadAndWait('report.pdf', pdf, 'text/plain');
    expect(up.mimeType).toBe('application/pdf');
    expect(file).toMatchObject({ processingStatus: 'complete', mimeType: 'application/pdf', chunkCount: 2 });
    const chunks = await chunksOf(d, (await compositeOf(file.id)).composite.id);
    expect(chunks.map((c) => c.properties.sectionHeader)).toEqual(['Page 1', 'Page 2']);
    expect(chunks[1].content).toContain('okapi budget');
    expect(await ftsMatch(d, 'okapi')).toContain(chunks[1].id);
  });

  it('extracts a DOCX with its headings as section headers', async () => {
    const docx = await makeDocx([{ heading: 'Budget' }, { text: 'The marmalade budget is five dollars.' }, { heading: 'Risks' }, { text: 'Wasps near the jam.' }]);
    const { file } = await uploadAndWait('plan.docx', docx);
    expect(file).toMatchObject({ processingStatus: 'complete', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', chunkCount: 2 });
    const chunks = await chunksOf(d, (await compositeOf(file.id)).composite.id);
    expect(chunks.map((c) => c.properties.sectionHeader)).toEqual(['Budget', 'Risks']);
    expect(chunks[0].content).toContain('marmalade budget');
  });

  it('extracts readable text from HTML, dropping scripts and navigation', async () => {
    const para = 'The lighthouse keeper logs every passing ship with its flag and time. '.repeat(6);
    const html = `<!doctype html><html><head><title>Keeper log</title><script>var secret = "tracking";</script></head>
      <body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
      <article><h1>Keeper log</h1><p>${para}</p><h2>Storms</h2><p>${para.replace(/lighthouse/g, 'storm')}</p></article>
      <footer>Copyright footer</footer></body></html>`;
    const { file } = await uploadAndWait('log.html', html);
    expect(file).toMatchObject({ processingStatus: 'complete', mimeType: 'text/html' });
    const chunks = await chunksOf(d, (await compositeOf(file.id)).composite.id);
    const all = chunks.map((c) => c.content).join('\n');
    expect(all).toContain('lighthouse keeper logs');
    expect(all).not.toContain('tracking');
    expect(chunks.some((c) => c.properties.sectionHeader === 'Storms')).toBe(true);
  });

  it('turns CSV and JSON rows into structured chunk entries', async () => {
    const csv = 'name,zip,age,member\nAnn,00501,41,true\nBo,94105,,false\n';
    const { file } = await uploadAndWait('people.csv', csv);
    expect(file).toMatchObject({ processingStatus: 'complete', mimeType: 'text/csv', chunkCount: 2 });
    const rows = await chunksOf(d, (await compositeOf(file.id)).composite.id);
    expect(rows[0].content).toEqual({ name: 'Ann', zip: '00501', age: 41, member: true });
    expect(rows[1].content).toEqual({ name: 'Bo', zip: 94105, age: null, member: false });
    expect(rows[0].properties).toMatchObject({ sectionHeader: 'Row 1', fileName: 'people.csv', chunkSummary: 'name: Ann; zip: 00501; age: 41; member: true' });

    const json = JSON.stringify({ source: 'crm', items: [{ sku: 'A1', qty: 2 }, { sku: 'B2', qty: 5 }] });
    const j = await uploadAndWait('stock.json', json);
    expect(j.file).toMatchObject({ processingStatus: 'complete', mimeType: 'application/json', chunkCount: 3 });
    const jr = await chunksOf(d, (await compositeOf(j.file.id)).composite.id);
    expect(jr.map((c) => c.properties.sectionHeader)).toEqual(['(top level)', 'items[0]', 'items[1]']);
    expect(jr[2].content).toEqual({ sku: 'B2', qty: 5 });
  });

  it('splits source code at top-level declarations', async () => {
    const code = `import { x } from './x';\n\n/** Adds. */\nexport function add(a: number, b: number) {\n  return a + b;\n}\n\nexport class Pelican {\n  fly() {}\n}\n`;
    const { file } = await uploadAndWait('math.ts', code);
    expect(file).toMatchObject({ processingStatus: 'complete', mimeType: 'text/x-typescript', chunkCount: 3 });
    const chunks = await chunksOf(d, (await compositeOf(file.id)).composite.id);
    expect(chunks.map((c) => c.properties.sectionHeader)).toEqual([null, 'export function add(a: number, b: number) {', 'export class Pelican {']);
    expect(chunks[1].content).toContain('/** Adds. */');
  });

  it('stores download-only types as skipped, with no entries', async () => {
    const up = await upload(d, { name: 'pixel.png', data: PNG_BYTES, type: 'text/plain' });
    expect(up.status).toBe(201);
    expect(up.body.data).toMatchObject({ processingStatus: 'skipped', mimeType: 'image/png', size: PNG_BYTES.length });
    const files = await d.rest('GET', '/files');
    expect(files.body.data.find((f: any) => f.id === up.body.data.id)).toMatchObject({ processingStatus: 'skipped', chunkCount: null });
    const bin = await upload(d, { name: 'blob.dat', data: Buffer.from([0, 1, 2, 3, 0, 255, 254, 0]) });
    expect(bin.body.data).toMatchObject({ processingStatus: 'skipped', mimeType: 'application/octet-stream' });
  });
});
