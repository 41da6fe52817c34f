import { BadRequest } from '../errors.js';

const OBJECT_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const RESERVED = new Set(['entries', 'relationships', 'fields']);
export const MAX_OBJECT_NAME_LENGTH = 64;

/** Spec § Object: a letter first, then letters, digits and underscores; three names are reserved. */
export function validateObjectName(name: string): void {
  if (!OBJECT_NAME.test(name)) {
    throw new BadRequest(`Invalid object name "${name}": it must start with a letter and contain only letters, digits and underscores`);
  }
  if (name.length > MAX_OBJECT_NAME_LENGTH) throw new BadRequest(`Object name is longer than ${MAX_OBJECT_NAME_LENGTH} characters`);
  if (RESERVED.has(name.toLowerCase())) throw new BadRequest(`Object name "${name}" is reserved`);
}
