import { BadRequest } from '../errors.js';
import type { ContainerContext } from '../context.js';

/**
 * Spec § Object: "a new object name per write is capped". One write names one object, so a write creates
 * at most one new object; on top of that a container holds at most this many distinct objects.
 */
export const MAX_OBJECTS_PER_CONTAINER = 200;

/** Names the SQL sandbox cannot use as table names (SQLite keeps `sqlite_*` for itself). */
export function checkObjectNameUsable(name: string): void {
  if (name.toLowerCase().startsWith('sqlite_')) throw new BadRequest(`Object name "${name}" is reserved: names starting with sqlite_ belong to the database`);
}

/** Refuses a write that would create one object more than the container may hold. */
export async function checkObjectCap(ctx: ContainerContext): Promise<void> {
  const names = new Set((await ctx.entries.listObjectProfiles()).map((p) => p.object.toLowerCase()));
  if (names.size >= MAX_OBJECTS_PER_CONTAINER) {
    throw new BadRequest(`This container already holds ${MAX_OBJECTS_PER_CONTAINER} objects, the most it may have; write into an existing object instead`);
  }
}
