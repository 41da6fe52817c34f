import Conf from 'conf';

export interface StoredSettings {
  server?: string;
  apiKey?: string;
  container?: string;
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

/** Flags beat environment variables, which beat stored settings. */
export function resolveClientSettings(
  flags: { server?: string; key?: string; container?: string },
  env: NodeJS.ProcessEnv,
  stored: StoredSettings,
): { server: string; apiKey?: string; container?: string } {
  return {
    server: flags.server ?? env.SVC_SERVER ?? stored.server ?? DEFAULT_SERVER,
    apiKey: flags.key ?? env.SVC_API_KEY ?? stored.apiKey,
    container: flags.container ?? env.SVC_CONTAINER ?? stored.container,
  };
}
