import type { ControlStore, Permission } from '../../store/types.js';
import { BadRequest, NotFound } from '../errors.js';

const PERMISSIONS: Permission[] = ['read', 'editor', 'admin'];

/** Grants a user read, editor or admin on one container (replacing an earlier grant). */
export async function grantAccess(control: ControlStore, input: { containerId: string; email: string; permission: Permission }): Promise<{ containerId: string; userId: string; permission: Permission }> {
  if (!PERMISSIONS.includes(input.permission)) throw new BadRequest(`Unknown permission ${input.permission}; use read, editor or admin`);
  const container = await control.getContainer(input.containerId);
  if (!container) throw new NotFound(`Container ${input.containerId} not found`);
  const user = await control.getUserByEmail(input.email);
  if (!user) throw new NotFound(`No user with email ${input.email}; add one with \`svc admin user add\``);
  await control.setGrant(container.id, user.id, input.permission);
  return { containerId: container.id, userId: user.id, permission: input.permission };
}
