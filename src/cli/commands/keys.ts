import { Command } from 'commander';
import { RestClient } from '../client/rest-client.js';
import { resolveClientSettings, settingsStore } from '../credentials.js';
import type { CliIo } from '../io.js';

interface KeyRow {
  id: string;
  name: string;
  scope: 'container' | 'account';
  containerId: string | null;
  source: string;
  state: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  key?: string;
}

const line = (k: KeyRow) =>
  [k.id, k.name, k.scope === 'container' ? `container ${k.containerId}` : 'account', k.state, k.source, `expires ${k.expiresAt ?? 'never'}`, `last used ${k.lastUsedAt ?? 'never'}`].join('  ');

/**
 * `svc keys …`: the API key lifecycle over `/api/keys` (spec § Key management). Needs `svc login` or an
 * account key; a container-scoped key is refused.
 */
export function keysCommand(io: CliIo): Command {
  const keys = new Command('keys').description('API keys: list, create, rotate, disable, enable, delete');
  const client = (cmd: Command) => new RestClient(resolveClientSettings(cmd.optsWithGlobals(), io.env, settingsStore(io.env).store));
  const print = (opts: { json?: boolean }, data: unknown, human: string) => io.out(opts.json ? JSON.stringify(data, null, 2) : human);
  const shown = (k: KeyRow) => `${line(k)}\n\nkey: ${k.key}\nThis is the only time the full key is shown; store it now.`;

  keys
    .command('list')
    .description('List the keys you manage (never their values)')
    .option('--scoped-to <containerId>', 'only keys scoped to this container')
    .option('--json', 'print JSON')
    .action(async (opts, cmd: Command) => {
      const q = opts.scopedTo ? `?container=${encodeURIComponent(opts.scopedTo)}` : '';
      const rows = (await client(cmd).request('GET', `/api/keys${q}`)) as KeyRow[];
      print(opts, rows, rows.length ? rows.map(line).join('\n') : '(no keys)');
    });

  keys
    .command('create')
    .description('Create a key scoped to the current container (--container), or an account key (--account)')
    .requiredOption('--name <name>', 'key name (REST writes default to source webhook:<name>)')
    .option('--account', 'an account key reaching every container of the organization (trusted automation only)')
    .option('--org <org>', 'organization of an account key (default: yours)')
    .option('--expires <iso>', 'expiry date, ISO 8601')
    .option('--source <badge>', 'source badge: dashboard or plugin', 'dashboard')
    .option('--json', 'print JSON')
    .action(async (opts, cmd: Command) => {
      const c = client(cmd);
      const body = { name: opts.name, container: opts.account ? undefined : c.containerId, org: opts.org, expiresAt: opts.expires, source: opts.source };
      const k = (await c.request('POST', '/api/keys', body)) as KeyRow;
      print(opts, k, shown(k));
    });

  keys
    .command('rotate <keyId>')
    .description('Replace a key with a new one of the same name and scope; the old key stops working at once')
    .option('--json', 'print JSON')
    .action(async (keyId: string, opts, cmd: Command) => {
      const k = (await client(cmd).request('POST', `/api/keys/${encodeURIComponent(keyId)}/rotate`)) as KeyRow;
      print(opts, k, shown(k));
    });

  for (const [name, description] of [
    ['disable', 'Block a key at once; the record is kept and `svc keys enable` undoes it'],
    ['enable', 'Re-enable a disabled key: the same key value works again'],
  ] as const) {
    keys
      .command(`${name} <keyId>`)
      .description(description)
      .option('--json', 'print JSON')
      .action(async (keyId: string, opts, cmd: Command) => {
        const k = (await client(cmd).request('POST', `/api/keys/${encodeURIComponent(keyId)}/${name}`)) as KeyRow;
        print(opts, k, line(k));
      });
  }

  keys
    .command('delete <keyId>')
    .description('Revoke a key permanently')
    .option('--json', 'print JSON')
    .action(async (keyId: string, opts, cmd: Command) => {
      const r = (await client(cmd).request('DELETE', `/api/keys/${encodeURIComponent(keyId)}`)) as { id: string; name: string };
      print(opts, r, `Deleted key ${r.name} (${r.id})`);
    });
  return keys;
}
