import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertCanToggleTools } from '../../src/core/access/can-toggle-tools.js';
import { resolveContainerAccess } from '../../src/core/access/container-access.js';
import type { Principal } from '../../src/core/access/principal.js';
import { Forbidden } from '../../src/core/errors.js';
import { SqliteStores } from '../../src/store/sqlite/stores.js';
import type { OrgRole } from '../../src/store/types.js';
import { activeToolNames } from '../../src/tools/visibility.js';

// spec § Permissions: the creator is container admin; toggling needs org owner/admin AND container admin.
describe('permission rules', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-perm-'));
  const stores = new SqliteStores(dir);
  const c = stores.control;
  const users: Record<string, string> = {};
  let orgId = '';
  let containerId = '';

  const as = (name: string): Principal => ({ kind: 'oauth', userId: users[name], orgId, scopeContainerId: null, credentialName: name });
  const access = (name: string) => resolveContainerAccess(c, as(name), containerId);

  beforeAll(async () => {
    orgId = (await c.createOrg('acme', 0)).id;
    const add = async (name: string, role: OrgRole | null) => {
      users[name] = (await c.createUser({ email: `${name}@x.io`, name, passwordHash: null })).id;
      if (role) await c.addMembership(orgId, users[name], role);
    };
    await add('owner', 'owner');
    await add('creatorMember', 'member');
    await add('admin', 'admin');
    await add('adminGranted', 'admin');
    await add('memberGrantedAdmin', 'member');
    await add('outsider', null);
    containerId = (await c.createContainer({ orgId, name: 'c', isPublic: false, isEphemeral: false, createdBy: users.creatorMember })).id;
    await c.setGrant(containerId, users.adminGranted, 'admin');
    await c.setGrant(containerId, users.memberGrantedAdmin, 'admin');
  });
  afterAll(async () => {
    await stores.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the creator is container admin', async () => {
    expect((await access('creatorMember')).permission).toBe('admin');
    expect((await access('owner')).permission).toBe('editor');
  });

  it.each([
    ['adminGranted', true],
    ['admin', false],
    ['owner', false],
    ['memberGrantedAdmin', false],
    ['creatorMember', false],
  ])('toggle tools: %s → allowed %s', async (name, allowed) => {
    const a = await access(name);
    if (allowed) expect(() => assertCanToggleTools(a)).not.toThrow();
    else expect(() => assertCanToggleTools(a)).toThrow(Forbidden);
  });

  it('public container visitors list only read tools on MCP and REST; status and query only when enabled', async () => {
    const pub = await c.createContainer({ orgId, name: 'pub', isPublic: true, isEphemeral: false, createdBy: users.owner });
    const visitor = await resolveContainerAccess(c, as('outsider'), pub.id);
    expect(visitor).toMatchObject({ visitor: true, permission: 'read', orgRole: null });
    const mcp = await activeToolNames(c, visitor, 'mcp');
    expect(mcp).toContain('svc_explore');
    expect(mcp).not.toContain('svc_write');
    expect(mcp).not.toContain('svc_delete');
    expect(mcp).not.toContain('svc_status');
    // even when an owner switches write on for MCP, visitors do not see it
    await c.setToolToggle(pub.id, 'svc_write', 'mcp', true);
    await c.setToolToggle(pub.id, 'svc_status', 'mcp', true);
    const after = await activeToolNames(c, visitor, 'mcp');
    expect(after).toContain('svc_status');
    expect(after).not.toContain('svc_write');
    const rest = await activeToolNames(c, visitor, 'rest');
    expect(rest).not.toContain('svc_write');
    expect(rest).toContain('svc_status');
    // members of the owning organization see write
    expect(await activeToolNames(c, await resolveContainerAccess(c, as('owner'), pub.id), 'mcp')).toContain('svc_write');
  });

  it('an outsider cannot reach a private container at all', async () => {
    await expect(access('outsider')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
