// Throughput of file ingestion through the real daemon: upload (multipart over HTTP) and background
// extraction into chunk entries, for a large Markdown file and a many-page PDF. Writes
// bench/results/files-ingest.json and prints the same JSON.
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const here = dirname(fileURLToPath(import.meta.url));
const BIN = resolve(here, '../bin/svc.js');
const MB = 1024 * 1024;

const WORDS = 'river stone harbor lantern quiet market copper meadow signal winter orchard falcon ledger canyon velvet pilot ember tide'.split(' ');
function sentence(seed) {
  const n = 8 + (seed % 12);
  const w = Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]);
  return `${w[0][0].toUpperCase()}${w.join(' ').slice(1)}.`;
}

function markdown(targetBytes) {
  const parts = [];
  let size = 0;
  for (let s = 0; size < targetBytes; s++) {
    const block = [`## Section ${s}`, ''];
    for (let p = 0; p < 4; p++) block.push(Array.from({ length: 5 }, (_, i) => sentence(s * 31 + p * 5 + i)).join(' '), '');
    const text = block.join('\n');
    parts.push(text);
    size += Buffer.byteLength(text);
  }
  return Buffer.from(`# Benchmark handbook\n\n${parts.join('\n')}`);
}

async function pdf(pages) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < 40; l++) page.drawText(sentence(p * 40 + l).slice(0, 90), { x: 40, y: 760 - l * 18, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

function upload(url, key, name, data) {
  const boundary = `bench${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((res, rej) => {
    const req = request(url, { method: 'POST', headers: { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } }, (r) => {
      let t = '';
      r.on('data', (c) => (t += c)).on('end', () => (r.statusCode === 201 ? res(JSON.parse(t).data) : rej(new Error(`${r.statusCode} ${t}`))));
    });
    req.on('error', rej);
    req.end(body);
  });
}

async function waitDone(base, key, id) {
  for (;;) {
    const r = await fetch(`${base}/files`, { headers: { 'x-api-key': key } });
    const f = (await r.json()).data.find((x) => x.id === id);
    if (f.processingStatus === 'complete' || f.processingStatus === 'failed') return f;
    await new Promise((r2) => setTimeout(r2, 20));
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-files-'));
  const env = { ...process.env, SVC_DATA_DIR: dataDir, SVC_CONFIG_DIR: join(dataDir, 'cfg'), SVC_WORKER_IDLE_MS: '20' };
  const admin = async (args) => JSON.parse((await execa('node', [BIN, 'admin', ...args, '--data-dir', dataDir, '--json'], { env })).stdout);
  await admin(['init', '--email', 'bench@example.com', '--password', 'bench bench bench', '--org', 'bench']);
  // One container per case: a file's extraction job would otherwise queue behind the previous file's
  // thousands of chunk-analysis jobs, and the bench would time the queue, not the ingestion.
  const containers = [];
  for (const name of ['markdown', 'pdf']) {
    const { containerId } = await admin(['container', 'create', '--org', 'bench', '--name', name]);
    const { key } = await admin(['key', 'create', '--org', 'bench', '--container', containerId, '--name', name]);
    containers.push({ containerId, key });
  }
  const proc = execa('node', [BIN, 'serve', '--port', '0', '--data-dir', dataDir], { env, reject: false, buffer: false });
  const url = await new Promise((res) => {
    let seen = '';
    proc.stdout.on('data', (d) => {
      seen += d;
      const m = /svc listening on (http:\/\/\S+)/.exec(seen);
      if (m) res(m[1]);
    });
  });
  const cases = [
    { name: 'handbook.md', kind: 'markdown', data: markdown(8 * MB) },
    { name: 'report.pdf', kind: 'pdf', data: await pdf(300), pages: 300 },
  ];
  const results = [];
  try {
    for (const [i, c] of cases.entries()) {
      const { containerId, key } = containers[i];
      const base = `${url}/container/${containerId}`;
      const t0 = performance.now();
      const up = await upload(`${base}/files`, key, c.name, c.data);
      const t1 = performance.now();
      const done = await waitDone(base, key, up.id);
      const t2 = performance.now();
      if (done.processingStatus !== 'complete') throw new Error(`${c.name} ${done.processingStatus}: ${done.failureReason}`);
      const mb = c.data.length / MB;
      results.push({
        kind: c.kind,
        bytes: c.data.length,
        chunks: done.chunkCount,
        uploadMs: Math.round(t1 - t0),
        processingMs: Math.round(t2 - t1),
        uploadMBps: +(mb / ((t1 - t0) / 1000)).toFixed(2),
        ingestMBps: +(mb / ((t2 - t0) / 1000)).toFixed(2),
        chunksPerSecond: Math.round(done.chunkCount / ((t2 - t1) / 1000)),
        ...(c.pages ? { pages: c.pages, pagesPerSecond: Math.round(c.pages / ((t2 - t1) / 1000)) } : {}),
      });
    }
  } finally {
    proc.kill('SIGTERM');
    await proc;
    rmSync(dataDir, { recursive: true, force: true });
  }
  const out = { bench: 'files-ingest', node: process.version, at: new Date().toISOString(), results };
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'files-ingest.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(JSON.stringify(out, null, 2));
}

await main();
