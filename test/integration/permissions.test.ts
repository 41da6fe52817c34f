import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { addUser } from '../helpers/access.js';
import { oauthTokens } from '../helpers/oauth-flow.js';

// spec § Permissions, row by row, over REST. (MCP is not on this branch; the MCP transport calls the same
// invokeTool and activeToolNames, so the same rules apply there.)
describe('permissions', () => {
  let d: TestDaemon;
  let privateC: string;
  let publicC: string;
  const keys: Record<string, string> = {};

  const keyFor = async (email: string, org: string, container?: string) =>
    (await d.admin<{ key: string }>(['key', 'create', '--org', org, '--name', `${email}-${container ?? 'acct'}`, '--user', email, ...(container ? ['--container', container] : [])])).key;
  const write = (key: string, containerId: string) => d.rest('POST', '/tools/write', { key, containerId, body: { content: 'hello' } });
  const explore = (key: string, containerId: string) => d.rest('POST', '/tools/explore', { key, containerId, body: {} });

  beforeAll(async () => {
    d = await startDaemon();
    privateC = (await d.newContainer('private')).containerId;
    publicC = (await d.newContainer('public', ['--public'])).containerId;
    await addUser(d, 'reader@example.com', 'member');
    await addUser(d, 'editor@example.com', 'member');
    await addUser(d, 'plain@example.com', 'member');
    await d.admin(['grant', '--container', privateC, '--email', 'reader@example.com', '--permission', 'read']);
    await d.admin(['grant', '--container', privateC, '--email', 'editor@example.com', '--permission', 'editor']);
    // A second organization: its owner is an outsider to acme.
    await d.admin(['init', '--email', 'outsider@example.com', '--password', 'correct horse', '--org', 'beta']);
    keys.reader = await keyFor('reader@example.com', 'acme', privateC);
    keys.editor = await keyFor('editor@example.com', 'acme', privateC);
    keys.plain = await keyFor('plain@example.com', 'acme');
    keys.outsider = await keyFor('outsider@example.com', 'beta');
  }, 90_000);
  afterAll(() => d?.stop());

  it('read access: read tools and status work for a read grant', async () => {
    expect((await explore(keys.reader, privateC)).status).toBe(200);
    expect((await d.rest('GET', '/status', { key: keys.reader, containerId: privateC })).status).toBe(200);
  });

  it('a write tool with read-only access is 403 FORBIDDEN (coded envelope)', async () => {
    const w = await write(keys.reader, privateC);
    expect(w.status).toBe(403);
    expect(w.body).toEqual({ success: false, error: { code: 'FORBIDDEN', message: 'svc_write needs editor access to this container; this credential has read access' } });
    const del = await d.rest('POST', '/tools/delete', { key: keys.reader, containerId: privateC, body: { entryId: '00000000-0000-0000-0000-000000000000' } });
    expect(del.status).toBe(403);
    expect(del.body.error.code).toBe('FORBIDDEN');
  });

  it('editor or admin may write and delete', async () => {
    const w = await write(keys.editor, privateC);
    expect(w.status).toBe(200);
    const del = await d.rest('POST', '/tools/delete', { key: keys.editor, containerId: privateC, body: { entryId: w.body.data.entryId } });
    expect(del.status).toBe(200);
    // the owner created the container: container admin
    expect((await write(d.key, d.containerId)).status).toBe(200);
  });

  it('members of the owning organization without a grant are editors', async () => {
    expect((await write(keys.plain, privateC)).status).toBe(200);
  });

  it('a private container of another organization is not found', async () => {
    const r = await explore(keys.outsider, privateC);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
  });

  it('a scoped key on another container is the flat 403 of the spec', async () => {
    const r = await explore(keys.reader, publicC);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'forbidden', message: 'API key is scoped to a different container' });
    expect(r.headers.get('www-authenticate')).toBeNull();
  });

  it('public container: visitors read explore and status; write and delete are 403', async () => {
    expect((await explore(keys.outsider, publicC)).status).toBe(200);
    expect((await d.rest('GET', '/status', { key: keys.outsider, containerId: publicC })).status).toBe(200);
    for (const [tool, body] of [['write', { content: 'x' }], ['delete', { entryId: '00000000-0000-0000-0000-000000000000' }]] as const) {
      const r = await d.rest('POST', `/tools/${tool}`, { key: keys.outsider, containerId: publicC, body });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ success: false, error: { code: 'FORBIDDEN', message: `svc_${tool} is not available to visitors of a public container: visitors have read-only access` } });
    }
  });

  it('public container: a credential is still required', async () => {
    const r = await explore('', publicC);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'unauthorized', message: 'Authentication required: send x-api-key or Authorization: Bearer' });
    expect(r.headers.get('www-authenticate')).toBe(
      `Bearer realm="svc", resource="${d.url}/container/${publicC}", resource_metadata="${d.url}/.well-known/oauth-protected-resource/container/${publicC}"`,
    );
  });

  it('a grant to a user of another organization works with their OAuth token', async () => {
    await d.admin(['grant', '--container', privateC, '--email', 'outsider@example.com', '--permission', 'editor']);
    const t = await oauthTokens(d.url, { email: 'outsider@example.com' });
    const w = await d.rest('POST', '/tools/write', { key: null, containerId: privateC, headers: { authorization: `Bearer ${t.access_token}` }, body: { content: 'from beta' } });
    expect(w.status).toBe(200);
    // their beta account key acts inside beta only: the acme container stays out of its reach
    expect((await explore(keys.outsider, privateC)).status).toBe(404);
  });
});
