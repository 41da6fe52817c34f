import { Command } from 'commander';
import { loadConfig } from '../../config/config.js';
import { bootstrapOrg } from '../../core/admin/bootstrap-org.js';
import { createApiKey } from '../../core/admin/create-api-key.js';
import { requestAnalysisPass, updateContainerSettings } from '../../core/admin/container-settings.js';
import { createContainer } from '../../core/admin/create-container.js';
import { grantCredits } from '../../core/admin/grant-credits.js';
import { SqliteStores } from '../../store/sqlite/stores.js';
import type { Stores } from '../../store/types.js';
import { BadRequest, NotFound } from '../../core/errors.js';
import type { CliIo } from '../io.js';
import { addAccessAdminCommands } from './admin-access.js';

/**
 * Headless administration (the spec's dashboard operations for a self-hosted daemon), working directly on
 * the data dir. Safe while `svc serve` runs: SQLite WAL lets both open the same files.
 */
export function adminCommand(io: CliIo): Command {
  const admin = new Command('admin').description('Administer a data dir directly: organizations, containers, keys, credits');

  const withStores = async (opts: { dataDir?: string; json?: boolean }, run: (stores: Stores, initialCredits: number) => Promise<Record<string, unknown>>) => {
    const config = loadConfig({ dataDir: opts.dataDir }, io.env);
    const stores = new SqliteStores(config.dataDir);
    try {
      const result = await run(stores, config.initialCredits);
      io.out(opts.json ? JSON.stringify(result, null, 2) : Object.entries(result).map(([k, v]) => `${k}: ${v}`).join('\n'));
    } finally {
      await stores.close();
    }
  };
  const common = (c: Command) => c.option('--data-dir <dir>', 'data directory (SVC_DATA_DIR)').option('--json', 'print JSON');

  common(
    admin
      .command('init')
      .description('Create an organization and its owner')
      .requiredOption('--email <email>', 'owner email')
      .requiredOption('--password <password>', 'owner password (at least 8 characters)')
      .requiredOption('--org <name>', 'organization name')
      .option('--name <name>', 'owner display name'),
  ).action((opts) =>
    withStores(opts, (stores, initialCredits) =>
      bootstrapOrg(stores.control, { email: opts.email, password: opts.password, org: opts.org, name: opts.name, initialCredits }),
    ),
  );

  const container = admin.command('container').description('Containers');
  common(
    container
      .command('create')
      .description('Create a container')
      .requiredOption('--org <org>', 'organization id or name')
      .requiredOption('--name <name>', 'container name')
      .option('--public', 'readable by any signed-in user')
      .option('--ephemeral', 'ephemeral until claimed')
      .option('--creator <email>', 'the member creating it (becomes its container admin); default the owner'),
  ).action((opts) =>
    withStores(opts, async (stores) => {
      const creator = opts.creator ? await stores.control.getUserByEmail(opts.creator) : null;
      if (opts.creator && !creator) throw new NotFound(`No user with email ${opts.creator}`);
      return createContainer(stores, { org: opts.org, name: opts.name, isPublic: opts.public, isEphemeral: opts.ephemeral, userId: creator?.id });
    }),
  );

  common(
    container
      .command('set')
      .description('Change analysis cadence, pause, or visibility')
      .requiredOption('--container <id>', 'container id')
      .option('--cadence <cadence>', 'analysis cadence: automatic or manual')
      .option('--pause', 'pause: tool calls answer 503 (svc_status excepted) and analysis waits')
      .option('--resume', 'resume a paused container')
      .option('--public', 'readable by any signed-in user')
      .option('--private', 'readable by the organization only'),
  ).action((opts) =>
    withStores(opts, (stores) =>
      updateContainerSettings(stores.control, opts.container, {
        cadence: opts.cadence,
        paused: opts.pause ? true : opts.resume ? false : undefined,
        isPublic: opts.public ? true : opts.private ? false : undefined,
      }),
    ),
  );

  common(
    admin
      .command('analyze')
      .description('Run an analysis pass on a manual-cadence container')
      .requiredOption('--container <id>', 'container id'),
  ).action((opts) => withStores(opts, (stores) => requestAnalysisPass(stores.control, opts.container)));

  const key = admin.command('key').description('API keys');
  common(
    key
      .command('create')
      .description('Create an API key (shown once)')
      .requiredOption('--org <org>', 'organization id or name')
      .requiredOption('--name <name>', 'key name (the default source of REST writes is webhook:<name>)')
      .option('--container <id>', 'scope the key to one container (recommended); omit for an account key')
      .option('--expires <iso>', 'expiry date, ISO 8601')
      .option('--user <email>', 'the member the key acts as (default the owner)')
      .option('--source <badge>', 'source badge: dashboard or plugin', 'dashboard'),
    // `--container` is also a global option of `svc`; optsWithGlobals finds it wherever commander put it.
  ).action((_o, cmd: Command) => { const opts = cmd.optsWithGlobals(); return (
    withStores(opts, async (stores) => {
      const user = opts.user ? await stores.control.getUserByEmail(opts.user) : null;
      if (opts.user && !user) throw new NotFound(`No user with email ${opts.user}`);
      if (opts.source !== 'dashboard' && opts.source !== 'plugin') throw new BadRequest('--source must be dashboard or plugin');
      return createApiKey(stores.control, { org: opts.org, containerId: opts.container, name: opts.name, expires: opts.expires, userId: user?.id, sourceBadge: opts.source });
    })); },
  );

  const credits = admin.command('credits').description('Credits');
  common(
    credits
      .command('grant')
      .description('Add credits to an organization')
      .requiredOption('--org <org>', 'organization id or name')
      .requiredOption('--amount <n>', 'credits to add', (v) => Number(v)),
  ).action((opts) => withStores(opts, (stores) => grantCredits(stores.control, opts.org, opts.amount)));

  addAccessAdminCommands(admin, withStores, common);
  return admin;
}
