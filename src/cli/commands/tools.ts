import { Command, Option } from 'commander';
import { loadConfig } from '../../config/config.js';
import { NotFound } from '../../core/errors.js';
import { applyToolToggle, listToolSettings, type ToolSetting } from '../../core/toggles/tool-settings.js';
import { SqliteStores } from '../../store/sqlite/stores.js';
import type { ContainerRecord, Transport } from '../../store/types.js';
import { TOOLS } from '../../tools/registry.js';
import { addClientOptions } from '../client-options.js';
import { RestClient } from '../client/rest-client.js';
import { resolveClientSettings, settingsStore } from '../credentials.js';
import type { CliIo } from '../io.js';

const transportOption = () =>
  new Option('--transport <transport>', 'the transport to switch the tool on or off for').choices(['mcp', 'rest']).makeOptionMandatory();

const mark = (s: ToolSetting['mcp']) => `${s.active ? 'on' : s.enabled ? 'on (n/a)' : 'off'}${s.overridden ? '*' : ''}`;

/** The settings as a table: `*` marks a stored toggle, `(n/a)` a tool that does not apply (claim on a permanent container). */
export function renderToolSettings(tools: ToolSetting[]): string {
  const width = Math.max(...tools.map((t) => t.name.length), 4) + 2;
  const lines = [`${'TOOL'.padEnd(width)}${'MCP'.padEnd(12)}REST`];
  for (const t of tools) lines.push(`${t.name.padEnd(width)}${mark(t.mcp).padEnd(12)}${mark(t.rest)}`);
  lines.push('* toggled on this container (otherwise the default)');
  return lines.join('\n');
}

/** `svc tools list|enable|disable`: per-container tool toggles through the daemon. */
export function toolsCommand(io: CliIo): Command {
  const tools = new Command('tools').description('Show or toggle which tools a container offers on MCP and REST');
  const client = (command: Command) => new RestClient(resolveClientSettings(command.opts(), io.env, settingsStore(io.env).store));

  addClientOptions(tools.command('list').description('Each tool and whether it is on for MCP and for REST on this container')).action(async (opts, command: Command) => {
      const data = (await client(command).call('GET', '/settings/tools')) as { tools: ToolSetting[]; canToggle: boolean };
      io.out(opts.json ? JSON.stringify(data, null, 2) : `${renderToolSettings(data.tools)}${data.canToggle ? '' : '\n(you cannot toggle tools on this container)'}`);
    });

  for (const enabled of [true, false]) {
    addClientOptions(
      tools
        .command(enabled ? 'enable' : 'disable')
        .description(`Switch a tool ${enabled ? 'on' : 'off'} for one transport (organization owner/admin with container admin)`)
        .argument('<tool>', 'tool name, e.g. svc_query or query')
        .addOption(transportOption()),
    ).action(async (tool: string, opts, command: Command) => {
        const body = { transport: opts.transport as Transport, enabled };
        const data = (await client(command).call('PUT', `/settings/tools/${encodeURIComponent(tool)}`, body)) as ToolSetting;
        io.out(opts.json ? JSON.stringify(data, null, 2) : `${data.name} is now ${enabled ? 'on' : 'off'} for ${opts.transport.toUpperCase()}`);
      });
  }
  return tools;
}

/** `svc admin tools …`: the same toggles straight on a data dir, for an operator (no daemon or key needed). */
export function adminToolsCommand(io: CliIo): Command {
  const tools = new Command('tools').description('Tool toggles of a container, directly on the data dir');
  const withContainer = async (command: Command, run: (stores: SqliteStores, container: ContainerRecord) => Promise<string>) => {
    const opts = command.opts();
    const stores = new SqliteStores(loadConfig({ dataDir: opts.dataDir }, io.env).dataDir);
    try {
      const container = await stores.control.getContainer(opts.container);
      if (!container) throw new NotFound(`Container ${opts.container} not found`);
      io.out(await run(stores, container));
    } finally {
      await stores.close();
    }
  };
  const common = (c: Command) =>
    c.requiredOption('--container <id>', 'container id').option('--data-dir <dir>', 'data directory (SVC_DATA_DIR)').option('--json', 'print JSON');

  common(tools.command('list').description('Each tool and whether it is on for MCP and for REST')).action((opts, command: Command) =>
    withContainer(command, async (stores, container) => {
      const settings = await listToolSettings(stores.control, container, TOOLS);
      return opts.json ? JSON.stringify({ containerId: container.id, tools: settings }, null, 2) : renderToolSettings(settings);
    }),
  );
  for (const enabled of [true, false]) {
    common(
      tools
        .command(enabled ? 'enable' : 'disable')
        .description(`Switch a tool ${enabled ? 'on' : 'off'} for one transport`)
        .argument('<tool>', 'tool name, e.g. svc_query or query')
        .addOption(transportOption()),
    ).action((tool: string, opts, command: Command) =>
      withContainer(command, async (stores, container) => {
        const setting = await applyToolToggle(stores.control, container, TOOLS, { tool, transport: opts.transport, enabled });
        return opts.json ? JSON.stringify(setting, null, 2) : `${setting.name} is now ${enabled ? 'on' : 'off'} for ${opts.transport.toUpperCase()}`;
      }),
    );
  }
  return tools;
}
