import { Command } from 'commander';
import { ClientError } from '../client/client-error.js';
import { uploadFileMultipart } from '../client/multipart-upload.js';
import { RestClient } from '../client/rest-client.js';
import { addClientOptions } from '../client-options.js';
import { resolveClientSettings, settingsStore } from '../credentials.js';
import type { CliIo } from '../io.js';
import { formatBytes } from '../views/format-bytes.js';
import type { UploadRow } from '../views/upload-progress.js';

const POLL_MS = 500;
const TERMINAL = new Set(['complete', 'skipped', 'failed']);

interface Outcome {
  path: string;
  file?: Record<string, any>;
  error?: ClientError | Error;
}

/**
 * `svc upload FILE… [--wait]`: streams each file to POST /files with a progress bar (ink, on a terminal),
 * then with --wait follows processing until every file is complete, skipped or failed. Exit code: the first
 * upload error's, else 1 when --wait saw a file fail, else 0.
 */
export function uploadCommand(io: CliIo): Command {
  const cmd = new Command('upload')
    .description('Upload files (text, Markdown, HTML, PDF, DOCX, CSV, JSON and code are extracted into searchable entries)')
    .argument('<files...>', 'files to upload (25 MB each at most)')
    .option('--wait', 'wait until processing finishes and show the outcome');
  addClientOptions(cmd);
  cmd.action(async (paths: string[], opts: { wait?: boolean; json?: boolean; server?: string; key?: string; container?: string }) => {
    const settings = resolveClientSettings(opts, io.env, settingsStore(io.env).store);
    const client = new RestClient(settings);
    const containerId = client.containerId;
    const rows: UploadRow[] = paths.map((p) => ({ name: p.split(/[/\\]/).pop() ?? p, size: 0, sent: 0, phase: 'uploading' }));
    const live = !opts.json && process.stdout.isTTY === true;
    // ink and React load only for a terminal: they cost more start-up time than the rest of the CLI.
    const view = live ? await loadView() : null;
    const ink = view ? view.render(view.element(rows)) : null;
    let last = 0;
    const redraw = (force = false) => {
      if (!ink || !view || (!force && Date.now() - last < 80)) return;
      last = Date.now();
      ink.rerender(view.element(rows.map((r) => ({ ...r }))));
    };

    const outcomes: Outcome[] = [];
    for (const [i, path] of paths.entries()) {
      try {
        const file = (await uploadFileMultipart(settings, containerId, path, (p) => {
          rows[i].sent = p.sent;
          rows[i].size = p.total;
          redraw();
        })) as Record<string, any>;
        rows[i] = { ...rows[i], name: file.name, size: file.size, sent: file.size, phase: file.processingStatus, detail: file.id };
        outcomes.push({ path, file });
        if (!live && !opts.json) io.out(`${file.id}  ${file.name}  ${formatBytes(file.size)}  ${file.mimeType}  ${file.processingStatus}`);
      } catch (err) {
        rows[i] = { ...rows[i], phase: 'error', detail: (err as Error).message };
        outcomes.push({ path, error: err as Error });
        if (!live && !opts.json) io.err(`${path}: ${(err as Error).message}`);
      }
      redraw(true);
    }

    if (opts.wait) {
      const waiting = () => outcomes.filter((o) => o.file && !TERMINAL.has(o.file.processingStatus));
      while (waiting().length > 0) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        const list = (await client.call('GET', '/files')) as Array<Record<string, any>>;
        for (const [i, o] of outcomes.entries()) {
          const now = o.file && list.find((f) => f.id === o.file!.id);
          if (!now) continue;
          o.file = now;
          rows[i] = { ...rows[i], phase: now.processingStatus, detail: describeState(now) };
        }
        redraw(true);
      }
      if (!live && !opts.json) for (const o of outcomes) if (o.file) io.out(`${o.file.name}: ${o.file.processingStatus}${describeState(o.file) ? ` (${describeState(o.file)})` : ''}`);
    }
    ink?.unmount();

    if (opts.json) {
      io.out(JSON.stringify(outcomes.map((o) => o.file ?? { path: o.path, error: o.error?.message }), null, 2));
    }
    const firstError = outcomes.find((o) => o.error)?.error;
    if (firstError) throw firstError;
    const failed = outcomes.filter((o) => o.file?.processingStatus === 'failed');
    if (opts.wait && failed.length) throw new Error(`${failed.length} file${failed.length === 1 ? '' : 's'} failed processing: ${failed.map((o) => `${o.file!.name} (${o.file!.failureReason ?? 'no reason given'})`).join(', ')}`);
  });
  return cmd;
}

async function loadView() {
  const [{ render }, { createElement }, { UploadProgressView }] = await Promise.all([import('ink'), import('react'), import('../views/upload-progress.js')]);
  return { render, element: (rows: UploadRow[]) => createElement(UploadProgressView, { rows }) };
}

function describeState(f: Record<string, any>): string {
  if (f.processingStatus === 'complete') return `${f.chunkCount} chunk${f.chunkCount === 1 ? '' : 's'}`;
  if (f.processingStatus === 'failed') return f.failureReason ?? '';
  if (f.processingStatus === 'skipped') return 'download-only type, stored without entries';
  return '';
}
