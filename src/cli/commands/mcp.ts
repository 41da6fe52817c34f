import { Command } from 'commander';
import { loadConfig } from '../../config/config.js';
import { parseSessionLabel } from '../../server/mcp/session-label.js';
import { serveLocalStdio } from '../../server/mcp/stdio-local.js';
import { remoteErrorBody, serveProxyStdio } from '../../server/mcp/stdio-proxy.js';
import { ClientError } from '../client/client-error.js';
import { resolveClientSettings, settingsStore } from '../credentials.js';
import type { CliIo } from '../io.js';

/**
 * `svc mcp`: the tools over MCP stdio, for agent hosts that launch a command. With `--data-dir` it serves
 * that local store directly; otherwise it forwards to a running `svc serve` with the client credentials.
 * stdout belongs to JSON-RPC, so everything human goes to stderr.
 */
export function mcpCommand(io: CliIo): Command {
  return new Command('mcp')
    .description('Serve the svc tools over MCP stdio (for agent configs): proxy to a daemon, or --data-dir for a local store')
    .option('--data-dir <dir>', 'serve this local data dir directly instead of proxying to a daemon')
    .option('--session <name>', 'label writes without a source as agent:<name> (default agent:mcp)')
    .option('--server <url>', 'proxy mode: server URL (SVC_SERVER; default http://127.0.0.1:7700)')
    .option('--key <key>', 'API key (SVC_API_KEY); optional with --data-dir')
    .option('--container <id>', 'container id (SVC_CONTAINER); default: the one a scoped key reaches')
    .addHelpText(
      'after',
      '\nProxy mode uses --server/--key/--container (or SVC_SERVER, SVC_API_KEY, SVC_CONTAINER, or `svc config set`).\n' +
        'Local mode (--data-dir) takes --key and --container from flags or SVC_API_KEY/SVC_CONTAINER; without a key it acts\n' +
        "as the owner of the container's organization.",
    )
    .action(async (opts) => {
      const session = parseSessionLabel(opts.session);
      const log = (message: string, err?: unknown) => {
        const detail = err instanceof Error ? (err.stack ?? err.message) : err !== undefined ? String(err) : '';
        io.err(`[svc mcp] ${message}${detail ? `\n${detail}` : ''}`);
      };
      if (opts.dataDir !== undefined) {
        const config = loadConfig({ dataDir: opts.dataDir }, io.env);
        await serveLocalStdio({
          config,
          apiKey: opts.key ?? io.env.SVC_API_KEY,
          containerId: opts.container ?? io.env.SVC_CONTAINER,
          session,
          log,
        });
        return;
      }
      const settings = resolveClientSettings(opts, io.env, settingsStore(io.env).store);
      try {
        await serveProxyStdio({ server: settings.server, apiKey: settings.apiKey, containerId: settings.container, session, log });
      } catch (err) {
        // A refused handshake reads like any other client failure: the server's code, message and exit code.
        const remote = remoteErrorBody(err);
        if (remote) throw new ClientError(remote.status, remote.code, remote.message, settings.server);
        if (err instanceof TypeError) throw new ClientError(0, null, err.message, settings.server);
        throw err;
      }
    });
}
