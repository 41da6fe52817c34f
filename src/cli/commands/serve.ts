import { Command } from 'commander';
import { loadConfig } from '../../config/config.js';
import { startDaemon } from '../../server/daemon.js';
import type { CliIo } from '../io.js';

export function serveCommand(io: CliIo): Command {
  return new Command('serve')
    .description('Run the svc daemon: REST (and MCP) over the embedded store')
    .option('--host <host>', 'address to listen on (SVC_HOST)', undefined)
    .option('--port <port>', 'port to listen on, 0 for any free port (SVC_PORT)', undefined)
    .option('--data-dir <dir>', 'data directory (SVC_DATA_DIR; default: the platform user data dir)')
    .option('--public-url <url>', 'base URL clients use to reach this daemon (SVC_PUBLIC_URL)')
    .action(async (opts) => {
      const config = loadConfig(opts, io.env);
      const daemon = await startDaemon(config);
      // The first line is machine-readable on purpose: scripts and tests wait for it.
      io.out(`svc listening on ${daemon.url} (data: ${config.dataDir})`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          daemon.close().then(resolve, resolve);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });
}
