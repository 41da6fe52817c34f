import { Command } from 'commander';
import { revoke } from '../client/oauth-client.js';
import { resolveClientSettings, serverKey, settingsStore } from '../credentials.js';
import type { CliIo } from '../io.js';

/** `svc logout`: revokes the session on the server (RFC 7009) and forgets the saved tokens. */
export function logoutCommand(io: CliIo): Command {
  return new Command('logout')
    .description('Sign out: revoke the saved OAuth session on the server and delete it locally')
    .option('--json', 'print JSON')
    .action(async (opts, command: Command) => {
      const store = settingsStore(io.env);
      const { server } = resolveClientSettings(command.optsWithGlobals(), io.env, store.store);
      const all = { ...(store.get('oauth') ?? {}) };
      const login = all[serverKey(server)];
      let revoked = false;
      if (login?.revocationEndpoint) {
        // Forget locally even when the server cannot be reached; say so, since the session then lives on.
        revoked = await revoke(server, login.revocationEndpoint, login.clientId, login.refreshToken).then(
          () => true,
          (err) => {
            io.err(`Could not revoke the session on ${server}: ${(err as Error).message}`);
            return false;
          },
        );
      }
      delete all[serverKey(server)];
      store.set('oauth', all);
      const result = { server, wasSignedIn: !!login, revoked };
      io.out(opts.json ? JSON.stringify(result, null, 2) : login ? `Signed out of ${server}${revoked ? '' : ' (locally only)'}` : `Not signed in to ${server}`);
    });
}
