import { Command } from 'commander';
import { createWriteStream, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';
import { sanitizeFileName } from '../../core/files/file-name.js';
import { ClientError } from '../client/client-error.js';
import { RestClient } from '../client/rest-client.js';
import { addClientOptions } from '../client-options.js';
import { resolveClientSettings, settingsStore } from '../credentials.js';
import type { CliIo } from '../io.js';

/**
 * `svc download ID [-o PATH|-] [--force]`: asks for the file's signed link, then fetches the original bytes.
 * The default target is the file's (sanitized) name in the current directory, never overwritten without --force.
 */
export function downloadCommand(io: CliIo): Command {
  const cmd = new Command('download')
    .description('Download an uploaded file (the original bytes)')
    .argument('<fileId>', 'file id (from `svc files list`)')
    .option('-o, --output <path>', 'where to save it; `-` writes to stdout (default: the file name, in the current directory)')
    .option('--force', 'overwrite an existing file');
  addClientOptions(cmd);
  cmd.action(async (fileId: string, opts: { output?: string; force?: boolean; json?: boolean; server?: string; key?: string; container?: string }) => {
    const settings = resolveClientSettings(opts, io.env, settingsStore(io.env).store);
    const link = (await new RestClient(settings).call('GET', `/files/${encodeURIComponent(fileId)}/url`)) as { url: string; name: string; size: number; mimeType: string };
    const toStdout = opts.output === '-';
    const target = toStdout ? null : resolve(opts.output ?? sanitizeFileName(link.name));
    if (target && existsSync(target) && !opts.force) {
      throw new ClientError(409, 'CONFLICT', `${target} already exists; pass --force to overwrite it or -o to choose another path`, settings.server);
    }
    let res;
    try {
      res = await request(link.url, { method: 'GET' });
    } catch (err) {
      throw new ClientError(0, null, (err as Error).message, settings.server);
    }
    if (res.statusCode !== 200) {
      const text = await res.body.text();
      throw new ClientError(res.statusCode, null, `Download failed: ${text.slice(0, 200)}`, settings.server);
    }
    if (toStdout) {
      // stdout is never ended by us: write with back-pressure and leave it open.
      for await (const chunk of res.body) if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
      return;
    }
    try {
      await pipeline(res.body, createWriteStream(target!));
    } catch (err) {
      await rm(target!, { force: true });
      throw err;
    }
    const result = { fileId, path: target, size: link.size, mimeType: link.mimeType };
    io.out(opts.json ? JSON.stringify(result, null, 2) : `Saved ${target} (${link.size} bytes, ${link.mimeType})`);
  });
  return cmd;
}
