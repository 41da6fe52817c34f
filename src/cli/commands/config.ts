import { Command } from 'commander';
import { settingsStore } from '../credentials.js';
import type { CliIo } from '../io.js';

/** Stores the server URL, API key and default container the client commands use. */
export function configCommand(io: CliIo): Command {
  const config = new Command('config').description('Client settings: server URL, API key, default container');
  config
    .command('set')
    .description('Save client settings')
    .option('--server <url>', 'server URL')
    .option('--key <key>', 'API key')
    .option('--container <id>', 'default container')
    .action((opts) => {
      const store = settingsStore(io.env);
      if (opts.server) store.set('server', opts.server);
      if (opts.key) store.set('apiKey', opts.key);
      if (opts.container) store.set('container', opts.container);
      io.out(`Saved to ${store.path}`);
    });
  config
    .command('show')
    .description('Show saved client settings (the key is masked)')
    .option('--json', 'print JSON')
    .action((opts) => {
      const s = { ...settingsStore(io.env).store };
      if (s.apiKey) s.apiKey = `${s.apiKey.slice(0, 12)}…`;
      io.out(opts.json ? JSON.stringify(s, null, 2) : Object.entries(s).map(([k, v]) => `${k}: ${v}`).join('\n') || '(nothing saved)');
    });
  return config;
}
