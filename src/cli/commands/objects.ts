import { Command } from 'commander';
import { loadConfig } from '../../config/config.js';
import { BadRequest } from '../../core/errors.js';
import { declareObjectSchema } from '../../core/objects/declare-schema.js';
import { SqliteStores } from '../../store/sqlite/stores.js';
import { RestClient } from '../client/rest-client.js';
import { resolveClientSettings, settingsStore } from '../credentials.js';
import type { CliIo } from '../io.js';

interface SchemaView {
  id: string;
  object: string;
  source: string;
  mode: string;
  fields: Array<{ name: string; type: string }>;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `svc objects`: the container's object schema profiles; `svc objects declare`: a connector's schema. */
export function objectsCommand(io: CliIo): Command {
  const objects = new Command('objects').description('Object schema profiles: list them (default) or declare one');
  objects
    .command('list', { isDefault: true })
    .description('List the object schema profiles of the container (explore `schemas[]`)')
    .option('--json', 'print the raw profiles as JSON')
    .action(async (_opts, command: Command) => {
      const opts = command.optsWithGlobals();
      const client = new RestClient(resolveClientSettings(opts, io.env, settingsStore(io.env).store));
      const data = (await client.call('POST', '/tools/explore', { mode: 'list', limit: 1 })) as { schemas?: SchemaView[]; hasMore?: { schemas?: boolean } };
      const schemas = data.schemas ?? [];
      if (opts.json) {
        io.out(JSON.stringify(schemas, null, 2));
        return;
      }
      if (schemas.length === 0) {
        io.out('No objects yet: write one with `svc write --object NAME \'{"key": "value"}\'`');
        return;
      }
      const lines = schemas.map((s) => `${s.object}  [${s.source}, ${s.mode}]\n${s.fields.map((f) => `    ${f.name}: ${f.type}`).join('\n')}`);
      if (data.hasMore?.schemas) lines.push('(first 50 profiles shown; query the fields catalog with `svc query "SELECT * FROM fields"` for all)');
      io.out(lines.join('\n'));
    });

  objects
    .command('declare')
    .description('Declare the schema a source mirrors an object with (in the container chosen by --container; works on the data dir, like `svc admin`)')
    .argument('<object>', 'object name')
    .requiredOption('--source <source>', 'source whose records the schema describes, e.g. crm:hubspot')
    .requiredOption('--field <name:type>', 'a declared field (types: integer, number, boolean, date, text, json, mixed)', collect)
    .option('--key-field <field>', 'declared key field: other records holding its value link to the record (crm_assoc edges)')
    .option('--data-dir <dir>', 'data directory (SVC_DATA_DIR)')
    .option('--json', 'print JSON')
    .action(async (object: string, opts, command: Command) => {
      // --container is the program-wide option (or SVC_CONTAINER / the saved setting).
      const containerId = command.optsWithGlobals().container ?? io.env.SVC_CONTAINER ?? settingsStore(io.env).store.container;
      if (!containerId) throw new BadRequest('Name the container: --container ID (or SVC_CONTAINER)');
      const config = loadConfig({ dataDir: opts.dataDir }, io.env);
      const stores = new SqliteStores(config.dataDir);
      try {
        const profile = await declareObjectSchema(stores, { containerId, object, source: opts.source, fields: opts.field, keyField: opts.keyField });
        const view = { id: profile.id, object: profile.object, source: profile.source, mode: profile.mode, keyField: profile.keyField, fields: profile.fields };
        io.out(opts.json ? JSON.stringify(view, null, 2) : `Declared ${view.object} for ${view.source}: ${view.fields.map((f) => `${f.name}:${f.type}`).join(', ')}`);
      } finally {
        await stores.close();
      }
    });
  return objects;
}
