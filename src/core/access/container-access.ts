import { CredentialError, NotFound } from '../errors.js';
import type { ContainerRecord, ControlStore, Permission } from '../../store/types.js';
import type { Principal } from './principal.js';

export interface ContainerAccess {
  container: ContainerRecord;
  permission: Permission;
  /** True when the caller only reads a public container of another organization. */
  visitor: boolean;
  orgRole: 'owner' | 'admin' | 'member' | null;
}

export const RANK: Record<Permission, number> = { read: 1, editor: 2, admin: 3 };

export function permits(have: Permission, need: Permission): boolean {
  return RANK[have] >= RANK[need];
}

/**
 * Resolves what a principal may do on a container. Order matters: a scoped key on another container is
 * refused (flat 403) before the container is even looked up, so the answer leaks nothing about it.
 */
export async function resolveContainerAccess(
  control: ControlStore,
  principal: Principal,
  containerId: string,
): Promise<ContainerAccess> {
  if (principal.scopeContainerId && principal.scopeContainerId !== containerId) {
    throw new CredentialError(403, 'forbidden', 'API key is scoped to a different container');
  }
  const container = await control.getContainer(containerId);
  if (!container) throw new NotFound(`Container ${containerId} not found`);

  const orgRole = await control.getMembership(container.orgId, principal.userId);
  const sameOrg = principal.orgId === container.orgId && orgRole !== null;
  if (!sameOrg) {
    // A private container of another organization is reported as missing rather than forbidden.
    if (!container.isPublic) throw new NotFound(`Container ${containerId} not found`);
    return { container, permission: 'read', visitor: true, orgRole: null };
  }
  // Admin on a container comes from creating it or from a grant (spec § Tool visibility defaults);
  // other members of the owning organization read and write it unless a grant says otherwise.
  const grant = await control.getGrant(container.id, principal.userId);
  const permission: Permission = container.createdBy === principal.userId ? 'admin' : (grant ?? 'editor');
  return { container, permission, visitor: false, orgRole };
}
