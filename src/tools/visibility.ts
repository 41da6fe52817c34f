import type { ContainerAccess } from '../core/access/container-access.js';
import type { ControlStore, Transport } from '../store/types.js';
import { TOOLS } from './registry.js';

/**
 * The tools active for a caller on a transport: stored toggles override defaults (spec § Tool visibility
 * defaults); ephemeral-only tools need an ephemeral container; visitors never see write-side tools.
 */
export async function activeToolNames(control: ControlStore, access: ContainerAccess, transport: Transport): Promise<string[]> {
  const toggles = await control.getToolToggles(access.container.id);
  const toggled = new Map(toggles.filter((t) => t.transport === transport).map((t) => [t.tool, t.enabled]));
  return TOOLS.filter((tool) => {
    if (tool.ephemeralOnly && !access.container.isEphemeral) return false;
    if (tool.hiddenFromVisitors && access.visitor) return false;
    return toggled.get(tool.name) ?? tool.defaults[transport];
  }).map((t) => t.name);
}
