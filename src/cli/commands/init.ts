import { Command } from 'commander';
import { ClientError } from '../client/client-error.js';
import { RestClient } from '../client/rest-client.js';
import { DEFAULT_SERVER, settingsStore } from '../credentials.js';
import type { CliIo } from '../io.js';

interface EphemeralCreated {
  containerId: string;
  key: string;
  keyId: string;
  credits: number;
}

/**
 * `svc init --ephemeral`: creates a container without an account (`POST /ephemeral`) and saves the
 * server, its scoped key and the container as this CLI's defaults, so the next `svc write` just works.
 */
export function initCommand(io: CliIo): Command {
  return new Command('init')
    .description('Start using svc: --ephemeral creates a container without an account and saves its key as the default')
    .option('--ephemeral', 'create an ephemeral container (claim it later with `svc claim`)')
    .option('--name <name>', 'container name')
    .option('--server <url>', 'server URL (SVC_SERVER; default http://127.0.0.1:7700)')
    .option('--json', 'print the result as JSON')
    .action(async (opts) => {
      const store = settingsStore(io.env);
      const server: string = opts.server ?? io.env.SVC_SERVER ?? store.get('server') ?? DEFAULT_SERVER;
      if (!opts.ephemeral) {
        throw new ClientError(400, 'BAD_REQUEST', 'Pass --ephemeral to create a container without an account, or run `svc login` to use your account', server);
      }
      const created = (await new RestClient({ server }).request('POST', '/ephemeral', opts.name ? { name: opts.name } : {})) as EphemeralCreated;
      store.set('server', server);
      store.set('apiKey', created.key);
      store.set('container', created.containerId);
      const out = { server, containerId: created.containerId, key: created.key, credits: created.credits, savedTo: store.path };
      if (opts.json) return io.out(JSON.stringify(out, null, 2));
      io.out(
        [
          `container  ${created.containerId}  (ephemeral, ${created.credits} credits)`,
          `key        ${created.key}`,
          `server     ${server}`,
          `Saved as the default server, key and container in ${store.path}. Run \`svc claim\` to keep it in your account.`,
        ].join('\n'),
      );
    });
}
