import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { addMember } from '../helpers/mcp.js';

describe('tool toggles: svc tools, PUT /container/:id/settings/tools/:tool', () => {
  let d: TestDaemon;

  beforeAll(async () => {
    d = await startDaemon();
  });
  afterAll(async () => {
    await d?.stop();
  });

  const put = (tool: string, body: unknown, key?: string) => d.rest('PUT', `/settings/tools/${tool}`, { body, key });

  it('lists every tool with its setting per transport (spec defaults)', async () => {
    const r = await d.rest('GET', '/settings/tools');
    expect(r.status).toBe(200);
    expect(r.body.data.canToggle).toBe(true);
    const byName = Object.fromEntries(r.body.data.tools.map((t: any) => [t.name, t]));
    expect(byName.svc_explore.mcp).toEqual({ enabled: true, default: true, overridden: false, active: true });
    expect(byName.svc_status.mcp).toMatchObject({ enabled: false, default: false });
    expect(byName.svc_status.rest).toMatchObject({ enabled: true, default: true });

    const cli = await d.cli(['tools', 'list']);
    expect(cli.exitCode).toBe(0);
    expect(cli.stdout).toMatch(/svc_status\s+off\s+on/);
    const json = JSON.parse((await d.cli(['tools', 'list', '--json'])).stdout);
    expect(json.tools).toEqual(r.body.data.tools);
  });

  it('lets the organization owner who created the container toggle; REST answers 404 for a tool off on REST', async () => {
    const r = await put('svc_status', { transport: 'rest', enabled: false });
    expect(r.status).toBe(200);
    expect(r.body.data.rest).toEqual({ enabled: false, default: true, overridden: true, active: false });
    const status = await d.rest('GET', '/status');
    expect(status.status).toBe(404);
    expect(status.body.error.code).toBe('NOT_FOUND');
    expect(status.body.error.message).toMatch(/REST transport/);

    const cli = await d.cli(['tools', 'enable', 'status', '--transport', 'rest']);
    expect(cli.exitCode).toBe(0);
    expect(cli.stdout).toMatch(/svc_status is now on for REST/);
    expect((await d.rest('GET', '/status')).status).toBe(200);
  });

  it('refuses organization members and admins without container admin with 403 FORBIDDEN', async () => {
    const member = await addMember(d.dataDir, { orgId: d.orgId, email: 'm@example.com', role: 'member', grant: { containerId: d.containerId, permission: 'admin' } });
    const orgAdmin = await addMember(d.dataDir, { orgId: d.orgId, email: 'a@example.com', role: 'admin' });
    const both = await addMember(d.dataDir, { orgId: d.orgId, email: 'b@example.com', role: 'admin', grant: { containerId: d.containerId, permission: 'admin' } });
    for (const key of [member, orgAdmin]) {
      const r = await put('svc_status', { transport: 'mcp', enabled: true }, key);
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('FORBIDDEN');
      expect((await d.rest('GET', '/settings/tools', { key })).body.data.canToggle).toBe(false);
    }
    const refused = await d.cli(['tools', 'enable', 'svc_status', '--transport', 'mcp'], { env: { SVC_API_KEY: member } });
    expect(refused.exitCode).toBe(3);
    expect(refused.stderr).toMatch(/FORBIDDEN/);

    const ok = await put('svc_status', { transport: 'mcp', enabled: true }, both);
    expect(ok.status).toBe(200);
    expect(ok.body.data.mcp.enabled).toBe(true);
    await put('svc_status', { transport: 'mcp', enabled: false }, both);
  });

  it('refuses an unknown tool (404), a bad body (400), and a scoped key on another container (flat 403)', async () => {
    const unknown = await put('svc_teleport', { transport: 'mcp', enabled: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    for (const body of [{ transport: 'grpc', enabled: true }, { transport: 'mcp' }, { transport: 'mcp', enabled: 'yes' }, 'not json']) {
      const r = await put('svc_write', body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('BAD_REQUEST');
    }
    const other = await d.newContainer('other');
    const cross = await d.rest('GET', '/settings/tools', { containerId: other.containerId });
    expect(cross.status).toBe(403);
    expect(cross.body).toEqual({ error: 'forbidden', message: 'API key is scoped to a different container' });
    const anon = await d.rest('GET', '/settings/tools', { key: null });
    expect(anon.status).toBe(401);
    expect(anon.headers.get('www-authenticate')).toBeTruthy();
  });

  it('persists toggles across a restart, and `svc admin tools` changes them on the data dir at once', async () => {
    await put('svc_explore', { transport: 'rest', enabled: false });
    await d.crashAndRestart();
    expect((await d.rest('POST', '/tools/explore', { body: {} })).status).toBe(404);

    const admin = await d.admin(['tools', 'enable', '--container', d.containerId, 'svc_explore', '--transport', 'rest']);
    expect(admin.rest.enabled).toBe(true);
    expect((await d.rest('POST', '/tools/explore', { body: {} })).status).toBe(200);
    const listed = await d.admin(['tools', 'list', '--container', d.containerId]);
    expect(listed.tools.find((t: any) => t.name === 'svc_explore').rest.overridden).toBe(true);
  });
});
