import { Forbidden } from '../errors.js';
import type { ContainerAccess } from './container-access.js';

/**
 * Visibility, analysis cadence and pause change who can read a container and when it works, so (the spec
 * names them dashboard operations without a rule) they need admin permission on the container, the same
 * level that manages its tools; editors and visitors are refused.
 */
export function assertCanChangeSettings(access: ContainerAccess): void {
  if (access.visitor || access.permission !== 'admin') {
    throw new Forbidden('Changing visibility, cadence or pause needs admin permission on the container');
  }
}
