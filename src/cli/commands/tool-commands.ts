import { Command, Option } from 'commander';
import type { ToolDefinition } from '../../tools/definition.js';
import { TOOLS } from '../../tools/registry.js';
import { RestClient } from '../client/rest-client.js';
import { resolveClientSettings, settingsStore } from '../credentials.js';
import { renderHuman } from '../output.js';
import { parseKeyValues, toolFields, type FieldSpec } from '../tool-options.js';
import type { CliIo } from '../io.js';
import { addClientOptions } from '../client-options.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** One command per tool with a CLI binding; flags come from the tool's zod schema. */
export function toolCommands(io: CliIo): Command[] {
  return TOOLS.filter((t) => t.cli).map((tool) => toolCommand(tool, io));
}

function toolCommand(tool: ToolDefinition<any, any>, io: CliIo): Command {
  const cli = tool.cli!;
  const fields = toolFields(tool);
  const positional = cli.args ?? [];
  const cmd = new Command(cli.command).description(cli.summary ?? tool.description);
  for (const name of positional) {
    const f = fields.find((x) => x.name === name)!;
    cmd.argument(f.required && cli.stdin !== name ? `<${name}>` : `[${name}]`, f.description);
  }
  for (const f of fields) {
    if (positional.includes(f.name)) continue;
    cmd.addOption(optionFor(f));
  }
  addClientOptions(cmd);
  cmd.action(async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    const opts = command.opts();
    const input: Record<string, unknown> = {};
    for (const [i, name] of positional.entries()) {
      let value = args[i] as string | undefined;
      // Piped text loses the one newline `echo` adds, so `echo hi | svc write` stores "hi".
      if ((value === undefined || value === '-') && cli.stdin === name) value = (await io.readStdin()).replace(/\r?\n$/, '');
      if (value !== undefined) input[name] = value;
    }
    for (const f of fields) {
      if (positional.includes(f.name)) continue;
      const raw = command.opts()[camel(f.flag)];
      if (raw === undefined) continue;
      input[f.name] = f.kind === 'object' ? parseKeyValues(raw as string[]) : raw;
    }
    // Text that is a JSON object becomes structured content when the caller asked for structure.
    for (const f of fields) {
      if (f.kind === 'string|object' && typeof input[f.name] === 'string' && (input.object !== undefined || input.contentType === 'structured')) {
        try {
          const parsed = JSON.parse(input[f.name] as string);
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) input[f.name] = parsed;
        } catch {
          /* stays text; the server explains if that does not fit */
        }
      }
    }
    const prepared = cli.prepare ? cli.prepare(input) : input;
    const client = new RestClient(resolveClientSettings(opts, io.env, settingsStore(io.env).store));
    const path = tool.rest.path.replace(/:(\w+)/g, (_m, k) => encodeURIComponent(String(prepared[k] ?? '')));
    const data = await client.call(tool.rest.method, path, tool.rest.method === 'GET' ? undefined : prepared);
    io.out(opts.json ? JSON.stringify(data, null, 2) : renderHuman(tool.name, data));
  });
  return cmd;
}

const camel = (s: string) => s.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

function optionFor(f: FieldSpec): Option {
  const desc = f.description;
  switch (f.kind) {
    case 'boolean':
      return new Option(`--${f.flag}`, desc);
    case 'number':
      return new Option(`--${f.flag} <n>`, desc).argParser((v) => {
        const n = Number(v);
        if (!Number.isFinite(n)) throw new Error(`--${f.flag} needs a number, got "${v}"`);
        return n;
      });
    case 'string[]':
    case 'string|string[]':
      return new Option(`--${f.flag} <value>`, `${desc} (repeatable)`).argParser(collect);
    case 'object':
      return new Option(`--${f.flag} <key=value>`, `${desc} (repeatable)`).argParser(collect);
    default: {
      const o = new Option(`--${f.flag} <value>`, desc);
      return f.choices ? o.choices(f.choices) : o;
    }
  }
}
