import { assertCanToggleTools } from '../access/can-toggle-tools.js';
import type { ContainerAccess } from '../access/container-access.js';
import { Forbidden, NotFound } from '../errors.js';
import type { ContainerRecord, ControlStore, Transport } from '../../store/types.js';

/** What the toggle rules need to know of a tool (the tool registry passes its definitions in). */
export interface ToggleableTool {
  name: string;
  defaults: Record<Transport, boolean>;
  ephemeralOnly?: boolean;
}

export interface TransportSetting {
  /** The container's setting: the stored toggle, or the default when none is stored. */
  enabled: boolean;
  default: boolean;
  /** True when a stored toggle overrides the default. */
  overridden: boolean;
  /** Enabled and applicable to this container (svc_claim applies to ephemeral containers only). */
  active: boolean;
}

export interface ToolSetting {
  name: string;
  mcp: TransportSetting;
  rest: TransportSetting;
}

export { assertCanToggleTools };

export const TRANSPORTS: readonly Transport[] = ['mcp', 'rest'];

/** The per-transport settings of every tool on a container. */
export async function listToolSettings(control: ControlStore, container: ContainerRecord, tools: readonly ToggleableTool[]): Promise<ToolSetting[]> {
  const stored = await control.getToolToggles(container.id);
  const lookup = (tool: string, transport: Transport) => stored.find((t) => t.tool === tool && t.transport === transport)?.enabled;
  return tools.map((tool) => {
    const setting = (transport: Transport): TransportSetting => {
      const toggle = lookup(tool.name, transport);
      const enabled = toggle ?? tool.defaults[transport];
      const applies = !tool.ephemeralOnly || container.isEphemeral;
      return { enabled, default: tool.defaults[transport], overridden: toggle !== undefined, active: enabled && applies };
    };
    return { name: tool.name, mcp: setting('mcp'), rest: setting('rest') };
  });
}

/** Resolves `svc_query` or its short name `query` to a known tool, or NOT_FOUND. */
export function findToggleableTool(tools: readonly ToggleableTool[], requested: string): ToggleableTool {
  const name = requested.startsWith('svc_') ? requested : `svc_${requested}`;
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new NotFound(`Tool ${requested} not found; known tools: ${tools.map((t) => t.name).join(', ')}`);
  return tool;
}

/**
 * Switches one tool on or off for one transport of a container, for a caller who passed the toggle gate
 * (or an operator working on the data dir). The toggle is stored (it overrides the default and survives
 * restarts) and read on every tools/list and call, so it takes effect at once.
 */
export async function applyToolToggle(
  control: ControlStore,
  container: ContainerRecord,
  tools: readonly ToggleableTool[],
  change: { tool: string; transport: Transport; enabled: boolean },
): Promise<ToolSetting> {
  const tool = findToggleableTool(tools, change.tool);
  await control.setToolToggle(container.id, tool.name, change.transport, change.enabled);
  const [setting] = await listToolSettings(control, container, [tool]);
  return setting;
}

/** A caller's toggle: the gate (spec § Permissions: toggle tools), then the change. */
export async function setToolSetting(
  control: ControlStore,
  access: ContainerAccess,
  tools: readonly ToggleableTool[],
  change: { tool: string; transport: Transport; enabled: boolean },
): Promise<ToolSetting> {
  assertCanToggleTools(access);
  return applyToolToggle(control, access.container, tools, change);
}
