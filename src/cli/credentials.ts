import Conf from 'conf';
import { TokenSource } from './client/token-source.js';

/** What `svc login` keeps per server: a public client registration and the current tokens. */
export interface StoredLogin {
  clientId: string;
  accessToken: string;
  refreshToken: string;
  /** Epoch ms when the access token expires. */
  expiresAt: number;
  tokenEndpoint: string;
  revocationEndpoint?: string;
  email?: string;
}

export interface StoredSettings {
  server?: string;
  apiKey?: string;
  container?: string;
  /** OAuth logins keyed by server URL (`svc login`). */
  oauth?: Record<string, StoredLogin>;
}

export const DEFAULT_SERVER = 'http://127.0.0.1:7700';

/** Where the CLI keeps its server URL, key and default container (SVC_CONFIG_DIR moves it, e.g. in tests). */
export function settingsStore(env: NodeJS.ProcessEnv): Conf<StoredSettings> {
  return new Conf<StoredSettings>({
    projectName: 'svc',
    projectSuffix: '',
    ...(env.SVC_CONFIG_DIR ? { cwd: env.SVC_CONFIG_DIR } : {}),
    configFileMode: 0o600,
  });
}

/** Login records are keyed by origin + path without a trailing slash, so `http://h:1/` and `http://h:1` agree. */
export function serverKey(server: string): string {
  return server.replace(/\/+$/, '');
}

/**
 * Flags beat environment variables, which beat stored settings. Without an API key, the OAuth login
 * saved for this server (if any) authenticates the calls.
 */
export function resolveClientSettings(
  flags: { server?: string; key?: string; container?: string },
  env: NodeJS.ProcessEnv,
  stored: StoredSettings,
): { server: string; apiKey?: string; container?: string; tokens?: TokenSource } {
  const server = flags.server ?? env.SVC_SERVER ?? stored.server ?? DEFAULT_SERVER;
  const apiKey = flags.key ?? env.SVC_API_KEY ?? stored.apiKey;
  const login = stored.oauth?.[serverKey(server)];
  return {
    server,
    apiKey,
    container: flags.container ?? env.SVC_CONTAINER ?? stored.container,
    ...(!apiKey && login ? { tokens: new TokenSource(server, () => settingsStore(env)) } : {}),
  };
}
