import { Command } from 'commander';
import open from 'open';
import { ClientError } from '../client/client-error.js';
import { discover, exchangeCode, newPkce, registerCli } from '../client/oauth-client.js';
import { startLoopback } from '../client/loopback.js';
import { RestClient } from '../client/rest-client.js';
import { TokenSource } from '../client/token-source.js';
import { resolveClientSettings, serverKey, settingsStore, type StoredLogin } from '../credentials.js';
import type { CliIo } from '../io.js';

/**
 * `svc login`: OAuth 2.1 authorization code flow with PKCE in the browser and a loopback redirect
 * (spec § OAuth 2.1 rule 7). The token's audience is the whole service, so one login serves every
 * container the user can reach; it is kept in the config file and refreshed when it expires.
 */
export function loginCommand(io: CliIo): Command {
  return new Command('login')
    .description('Sign in with your browser (OAuth 2.1 + PKCE); the token is saved and refreshed automatically')
    .option('--no-browser', 'do not open a browser; print the URL to open elsewhere')
    .option('--timeout <seconds>', 'how long to wait for the browser', (v) => Number(v), 300)
    .option('--json', 'print JSON')
    .action(async (opts, command: Command) => {
      const g = command.optsWithGlobals();
      const { server, apiKey } = resolveClientSettings(g, io.env, settingsStore(io.env).store);
      if (apiKey) io.err('Note: an API key is configured (--key, SVC_API_KEY or saved settings); it takes precedence over this login.');
      const meta = await discover(server);
      const store = settingsStore(io.env);
      const existing = store.get('oauth')?.[serverKey(server)];
      const clientId = existing?.clientId ?? (await registerCli(server, meta));
      const pkce = newPkce();
      const loopback = await startLoopback();
      try {
        const resource = serverKey(server);
        const url = new URL(meta.authorization_endpoint);
        const q = { response_type: 'code', client_id: clientId, redirect_uri: loopback.redirectUri, scope: 'containers:read', code_challenge: pkce.challenge, code_challenge_method: 'S256', state: pkce.state, resource };
        for (const [k, v] of Object.entries(q)) url.searchParams.set(k, v);
        io.err(`Open this URL in a browser to sign in:\n${url.toString()}`);
        if (opts.browser) await open(url.toString()).catch(() => io.err('Could not open a browser; open the URL above yourself.'));
        const { params } = await loopback.wait(opts.timeout * 1000);
        if (params.get('state') !== pkce.state) throw new ClientError(400, 'invalid_request', 'The browser answer does not belong to this login (state mismatch)', server);
        if (params.has('iss') && params.get('iss') !== meta.issuer) throw new ClientError(400, 'invalid_request', 'The answer came from another authorization server', server);
        const error = params.get('error');
        if (error) throw new ClientError(401, error, params.get('error_description') ?? 'Sign-in was not completed', server);
        const tokens = await exchangeCode(server, meta, { clientId, code: params.get('code') ?? '', redirectUri: loopback.redirectUri, verifier: pkce.verifier, resource });
        const login: StoredLogin = {
          clientId,
          accessToken: tokens.access_token,
          refreshToken: tokens.refresh_token,
          expiresAt: Date.now() + tokens.expires_in * 1000,
          tokenEndpoint: meta.token_endpoint,
          revocationEndpoint: meta.revocation_endpoint,
        };
        store.set('oauth', { ...(store.get('oauth') ?? {}), [serverKey(server)]: login });
        const me = (await new RestClient({ server, tokens: new TokenSource(server, () => settingsStore(io.env)) }).request('GET', '/api/me')) as { email: string; userId: string };
        store.set('oauth', { ...(store.get('oauth') ?? {}), [serverKey(server)]: { ...login, email: me.email } });
        io.out(opts.json ? JSON.stringify({ server, email: me.email, userId: me.userId, expiresAt: new Date(login.expiresAt).toISOString() }, null, 2) : `Signed in to ${server} as ${me.email}`);
      } finally {
        loopback.close();
      }
    });
}
