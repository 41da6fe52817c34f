import type { ContainerRecord, ControlStore, Permission } from '../../store/types.js';

/**
 * What a user may do on a container (spec § Permissions), the one rule set behind every credential:
 * - the creator (still a member of the owning organization) is container admin;
 * - a grant (read, editor or admin) decides for anyone holding one, in or outside the organization;
 * - other members of the owning organization are editors (they read and write its containers);
 * - anyone else reads a public container as a visitor; a private one stays out of reach (null).
 */
export async function userPermissionOn(
  control: ControlStore,
  userId: string,
  container: ContainerRecord,
): Promise<{ permission: Permission; visitor: boolean } | null> {
  const role = await control.getMembership(container.orgId, userId);
  if (role && container.createdBy === userId) return { permission: 'admin', visitor: false };
  const grant = await control.getGrant(container.id, userId);
  if (grant) return { permission: grant, visitor: false };
  if (role) return { permission: 'editor', visitor: false };
  if (container.isPublic) return { permission: 'read', visitor: true };
  return null;
}
