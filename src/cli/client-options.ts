import type { Command } from 'commander';

/** The options every client command shares: where the server is, which key, which container, and --json. */
export function addClientOptions(cmd: Command): Command {
  return cmd
    .option('--server <url>', 'server URL (SVC_SERVER; default http://127.0.0.1:7700)')
    .option('--key <key>', 'API key (SVC_API_KEY)')
    .option('--container <id>', 'container id (SVC_CONTAINER)')
    .option('--json', 'print the raw result as JSON');
}
