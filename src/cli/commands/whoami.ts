import { Command } from 'commander';
import { RestClient } from '../client/rest-client.js';
import { resolveClientSettings, settingsStore } from '../credentials.js';
import type { CliIo } from '../io.js';

/** `svc whoami`: who the server says the current credential (API key or login) belongs to. */
export function whoamiCommand(io: CliIo): Command {
  return new Command('whoami')
    .description('Show the user, organizations and credential the server sees')
    .option('--json', 'print JSON')
    .action(async (opts, command: Command) => {
      const settings = resolveClientSettings(command.optsWithGlobals(), io.env, settingsStore(io.env).store);
      const me = (await new RestClient(settings).request('GET', '/api/me')) as any;
      if (opts.json) return io.out(JSON.stringify(me, null, 2));
      const cred = me.credential.kind === 'oauth' ? 'signed in (OAuth)' : me.credential.containerId ? `API key "${me.credential.name}" scoped to ${me.credential.containerId}` : `account API key "${me.credential.name}"`;
      io.out([`${me.name} <${me.email}>  (${me.userId})`, `credential  ${cred}`, ...me.organizations.map((o: any) => `org         ${o.name} (${o.id})  ${o.role}`)].join('\n'));
    });
}
