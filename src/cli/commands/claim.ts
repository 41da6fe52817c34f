import { Command } from 'commander';
import open from 'open';
import { RestClient } from '../client/rest-client.js';
import { addClientOptions } from '../client-options.js';
import { resolveClientSettings, settingsStore } from '../credentials.js';
import type { CliIo } from '../io.js';

/**
 * `svc claim`: asks for a claim link for the current ephemeral container (spec § svc_claim, REST
 * `POST /claim`), prints it, and opens it in the browser when a person is at the terminal.
 */
export function claimCommand(io: CliIo): Command {
  const cmd = new Command('claim')
    .description('Get a one-hour link that makes this ephemeral container permanent in your organization, and open it')
    .option('--no-open', 'print the link without opening a browser');
  addClientOptions(cmd);
  return cmd.action(async (opts) => {
    const client = new RestClient(resolveClientSettings(opts, io.env, settingsStore(io.env).store));
    const link = (await client.call('POST', '/claim')) as { claim_url: string; expires_in: number };
    if (opts.json) return io.out(JSON.stringify(link, null, 2));
    io.out(`${link.claim_url}\nOpen it to sign up or sign in and claim the container (valid ${Math.round(link.expires_in / 60)} minutes).`);
    // A script or CI job (no TTY) only wants the link printed.
    if (opts.open && process.stdout.isTTY) await open(link.claim_url).catch(() => io.err('Could not open a browser; open the link above yourself.'));
  });
}
