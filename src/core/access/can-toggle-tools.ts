import { Forbidden } from '../errors.js';
import type { ContainerAccess } from './container-access.js';

/**
 * spec § Permissions: toggling tools (and enabling svc_query) needs an organization owner or admin who also
 * holds admin permission on the container. Members cannot toggle, whatever their grant.
 */
export function assertCanToggleTools(access: ContainerAccess): void {
  const orgOk = access.orgRole === 'owner' || access.orgRole === 'admin';
  if (!orgOk || access.permission !== 'admin' || access.visitor) {
    throw new Forbidden('Toggling tools needs an organization owner or admin with admin permission on the container');
  }
}
