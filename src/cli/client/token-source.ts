import type Conf from 'conf';
import type { StoredSettings } from '../credentials.js';
import { ClientError } from './client-error.js';
import { refreshTokens } from './oauth-client.js';

/** Refresh a little before expiry so a call never starts with a token that dies on the way. */
const EARLY_MS = 60_000;

/**
 * The OAuth access token of `svc login` for one server: refreshed when it is about to expire (or when the
 * server refuses it), and the rotated tokens written back to the config file.
 */
export class TokenSource {
  constructor(
    private readonly server: string,
    private readonly store: () => Conf<StoredSettings>,
  ) {}

  private key(): string {
    return this.server.replace(/\/+$/, '');
  }

  private login() {
    return this.store().get('oauth')?.[this.key()];
  }

  async current(now = Date.now()): Promise<string> {
    const login = this.login();
    if (!login) throw new ClientError(401, 'unauthorized', 'Not signed in', this.server);
    if (login.expiresAt - EARLY_MS > now) return login.accessToken;
    return this.refresh();
  }

  async refresh(): Promise<string> {
    const login = this.login();
    if (!login) throw new ClientError(401, 'unauthorized', 'Not signed in', this.server);
    let t;
    try {
      t = await refreshTokens(this.server, login.tokenEndpoint, login.clientId, login.refreshToken);
    } catch (err) {
      if (err instanceof ClientError && err.status === 400) {
        throw new ClientError(401, 'invalid_token', `The saved sign-in no longer works (${err.message}); run \`svc login\` again`, this.server);
      }
      throw err;
    }
    const store = this.store();
    const all = { ...(store.get('oauth') ?? {}) };
    all[this.key()] = { ...login, accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: Date.now() + t.expires_in * 1000 };
    store.set('oauth', all);
    return t.access_token;
  }
}
