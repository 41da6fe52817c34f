import { describe, expect, it } from 'vitest';
import type { ContainerAccess } from '../../src/core/access/container-access.js';
import { Forbidden, NotFound } from '../../src/core/errors.js';
import { assertCanToggleTools, findToggleableTool, listToolSettings } from '../../src/core/toggles/tool-settings.js';
import type { ContainerRecord, ControlStore } from '../../src/store/types.js';

const container = (isEphemeral = false): ContainerRecord => ({
  id: 'c1',
  orgId: 'o1',
  name: 'c',
  isPublic: false,
  isEphemeral,
  paused: false,
  initializationStatus: 'complete',
  analysisCadence: 'automatic',
  createdBy: 'u1',
  createdAt: 0,
});
const access = (orgRole: ContainerAccess['orgRole'], permission: ContainerAccess['permission'], visitor = false): ContainerAccess => ({
  container: container(),
  orgRole,
  permission,
  visitor,
});

describe('the toggle gate (spec: organization owner or admin with container admin)', () => {
  it.each([
    ['owner', 'admin', false, true],
    ['admin', 'admin', false, true],
    ['member', 'admin', false, false],
    ['owner', 'editor', false, false],
    ['admin', 'read', false, false],
    [null, 'read', true, false],
  ] as const)('orgRole %s with %s permission (visitor %s) may toggle: %s', (role, permission, visitor, allowed) => {
    const run = () => assertCanToggleTools(access(role, permission, visitor));
    if (allowed) expect(run).not.toThrow();
    else expect(run).toThrow(Forbidden);
  });
});

describe('tool settings', () => {
  const tools = [
    { name: 'svc_a', defaults: { mcp: true, rest: true } },
    { name: 'svc_b', defaults: { mcp: false, rest: true } },
    { name: 'svc_claim', defaults: { mcp: true, rest: true }, ephemeralOnly: true },
  ];
  const control = (toggles: Array<{ tool: string; transport: 'mcp' | 'rest'; enabled: boolean }>) =>
    ({ getToolToggles: async () => toggles }) as unknown as ControlStore;

  it('applies stored toggles over defaults and marks them overridden', async () => {
    const [a, b] = await listToolSettings(control([{ tool: 'svc_b', transport: 'mcp', enabled: true }, { tool: 'svc_a', transport: 'rest', enabled: false }]), container(), tools);
    expect(a.rest).toEqual({ enabled: false, default: true, overridden: true, active: false });
    expect(a.mcp).toEqual({ enabled: true, default: true, overridden: false, active: true });
    expect(b.mcp).toEqual({ enabled: true, default: false, overridden: true, active: true });
  });

  it('keeps ephemeral-only tools inactive on a permanent container', async () => {
    const claimOn = async (eph: boolean) => (await listToolSettings(control([]), container(eph), tools))[2].mcp.active;
    expect(await claimOn(false)).toBe(false);
    expect(await claimOn(true)).toBe(true);
  });

  it('finds tools by full or short name, else NOT_FOUND', () => {
    expect(findToggleableTool(tools, 'svc_b').name).toBe('svc_b');
    expect(findToggleableTool(tools, 'b').name).toBe('svc_b');
    expect(() => findToggleableTool(tools, 'svc_zzz')).toThrow(NotFound);
  });
});
