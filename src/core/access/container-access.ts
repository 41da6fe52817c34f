import { CredentialError, NotFound } from '../errors.js';
import type { ContainerRecord, ControlStore, Permission } from '../../store/types.js';
import type { Principal } from './principal.js';
import { userPermissionOn } from './user-reach.js';

export interface ContainerAccess {
  container: ContainerRecord;
  permission: Permission;
  /** True when the caller only reads a public container (no membership, no grant). */
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

  let reach = await userPermissionOn(control, principal.userId, container);
  // An API key acts inside the organization it was created in; elsewhere it is at most a public visitor.
  if (principal.kind === 'api_key' && principal.orgId !== container.orgId) {
    reach = container.isPublic ? { permission: 'read', visitor: true } : null;
  }
  // A private container the caller cannot reach is reported as missing rather than forbidden.
  if (!reach) throw new NotFound(`Container ${containerId} not found`);
  const orgRole = reach.visitor ? null : await control.getMembership(container.orgId, principal.userId);
  return { container, permission: reach.permission, visitor: reach.visitor, orgRole };
}
