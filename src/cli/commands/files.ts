import { Command } from 'commander';
import { RestClient } from '../client/rest-client.js';
import { addClientOptions } from '../client-options.js';
import { resolveClientSettings, settingsStore } from '../credentials.js';
import type { CliIo } from '../io.js';
import { formatBytes } from '../views/format-bytes.js';

/** `svc files list` (also plain `svc files`) and `svc files delete ID`: the file tools over REST. */
export function filesCommand(io: CliIo): Command {
  const files = new Command('files').description('List or delete uploaded files');
  const client = (opts: Record<string, string | undefined>) => new RestClient(resolveClientSettings(opts, io.env, settingsStore(io.env).store));

  const list = new Command('list').description('List uploaded files with their processing status');
  addClientOptions(list).action(async (opts) => {
    const data = (await client(opts).call('GET', '/files')) as Array<Record<string, any>>;
    if (opts.json) return io.out(JSON.stringify(data, null, 2));
    if (data.length === 0) return io.out('No files');
    for (const f of data) {
      const state = f.processingStatus === 'complete' ? `complete (${f.chunkCount} chunks)` : f.processingStatus === 'failed' ? `failed: ${f.failureReason ?? ''}` : f.processingStatus;
      io.out(`${f.id}  ${f.uploadedAt}  ${formatBytes(f.size).padStart(8)}  ${f.mimeType}  ${f.name}  ${state}`);
    }
  });
  files.addCommand(list, { isDefault: true });

  const del = new Command('delete').description('Delete a file and every entry derived from it').argument('<fileId>', 'file id (from `svc files list`)');
  addClientOptions(del).action(async (fileId: string, opts) => {
    const data = (await client(opts).call('DELETE', `/files/${encodeURIComponent(fileId)}`)) as Record<string, any>;
    io.out(opts.json ? JSON.stringify(data, null, 2) : data.message);
  });
  files.addCommand(del);
  return files;
}
