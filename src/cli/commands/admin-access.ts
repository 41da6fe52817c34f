import type { Command } from 'commander';
import { BadRequest } from '../../core/errors.js';
import { addMember } from '../../core/access/add-member.js';
import { grantAccess } from '../../core/access/grant-access.js';
import type { Principal } from '../../core/access/principal.js';
import { findOrg, orgOwnerId } from '../../core/admin/find-org.js';
import { NotFound } from '../../core/errors.js';
import { deleteKey, disableKey, enableKey, rotateKey } from '../../core/keys/key-transitions.js';
import { listKeys } from '../../core/keys/list-keys.js';
import type { ControlStore, OrgRole, Permission, Stores } from '../../store/types.js';

type WithStores = (opts: { dataDir?: string; json?: boolean }, run: (stores: Stores, initialCredits: number) => Promise<Record<string, unknown>>) => Promise<void>;

/** `svc admin` acts as the organization's owner, on the data dir directly. */
async function ownerOf(control: ControlStore, orgId: string): Promise<Principal> {
  const userId = await orgOwnerId(control, orgId);
  return { kind: 'local', userId, orgId, scopeContainerId: null, credentialName: 'svc admin' };
}

async function ownerOfKey(control: ControlStore, keyId: string): Promise<Principal> {
  const key = await control.getApiKey(keyId);
  if (!key || key.deletedAt !== null) throw new NotFound(`API key ${keyId} not found`);
  return ownerOf(control, key.orgId);
}

/** Users, roles, grants and the key lifecycle for `svc admin` (offline equivalents of `svc keys`). */
export function addAccessAdminCommands(admin: Command, withStores: WithStores, common: (c: Command) => Command): void {
  const user = admin.command('user').description('Users and organization roles');
  common(
    user
      .command('add')
      .description('Add a user to an organization (created when the email is new); re-adding changes the role')
      .requiredOption('--org <org>', 'organization id or name')
      .requiredOption('--email <email>', 'email')
      .option('--password <password>', 'password for a new user (at least 8 characters)')
      .option('--name <name>', 'display name')
      .option('--role <role>', 'owner, admin or member', 'member'),
  ).action((opts) =>
    withStores(opts, (stores) => addMember(stores.control, { org: opts.org, email: opts.email, password: opts.password, name: opts.name, role: opts.role as OrgRole })),
  );

  common(
    admin
      .command('grant')
      .description('Grant a user read, editor or admin permission on a container')
      .option('--container <id>', 'container id (required)')
      .requiredOption('--email <email>', 'user email')
      .requiredOption('--permission <permission>', 'read, editor or admin'),
  ).action((_o, cmd: Command) => {
    // `--container` is also a global option of `svc`: read it wherever commander put it.
    const opts = cmd.optsWithGlobals();
    if (!opts.container) throw new BadRequest('--container <id> is required');
    return withStores(opts, (stores) => grantAccess(stores.control, { containerId: opts.container, email: opts.email, permission: opts.permission as Permission }));
  });

  const key = admin.commands.find((c) => c.name() === 'key')!;
  common(
    key
      .command('list')
      .description('List the API keys of an organization (never their values)')
      .requiredOption('--org <org>', 'organization id or name')
      .option('--container <id>', 'only keys scoped to this container'),
  ).action((_o, cmd: Command) => { const opts = cmd.optsWithGlobals(); return (
    withStores(opts, async (stores) => {
      const org = await findOrg(stores.control, opts.org);
      const keys = await listKeys(stores.control, await ownerOf(stores.control, org.id), { containerId: opts.container });
      return { keys: keys.filter((k) => k.orgId === org.id) };
    })); },
  );
  const transition = (name: string, description: string, run: typeof disableKey | typeof rotateKey | typeof deleteKey) =>
    common(key.command(`${name} <keyId>`).description(description)).action((keyId: string, opts) =>
      withStores(opts, async (stores) => run(stores.control, await ownerOfKey(stores.control, keyId), keyId)),
    );
  transition('rotate', 'Replace a key by a new one with the same name and scope; the old key stops working at once', rotateKey);
  transition('disable', 'Block a key at once (the record is kept; enable undoes it)', disableKey);
  transition('enable', 'Re-enable a disabled key (the same key value works again)', enableKey);
  transition('delete', 'Revoke a key permanently', deleteKey);
}
