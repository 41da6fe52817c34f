import type { ContainerStore, EntryRecord } from '../../store/types.js';

export const MAX_VERSIONS = 5;

export interface DuplicateMeta {
  duplicates: number;
  firstSeenAt: string;
  mostRecentAt: string;
  instanceId: string;
  versions: Array<{ id: string; source: string; ingestedAt: string }>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `_meta.svc` duplicate fields of a match whose content has several live instances (newest first).
 * Chunks of identical documents belong to their composites' group.
 */
export async function duplicateMeta(entries: ContainerStore, instances: EntryRecord[]): Promise<DuplicateMeta | null> {
  if (instances.length < 2) return null;
  const rep = instances[0]!;
  let hash = rep.contentHash;
  if (rep.kind === 'chunk' && rep.parentId) hash = (await entries.getEntry(rep.parentId))?.contentHash ?? hash;
  const times = instances.map((e) => e.ingestedAt);
  return {
    duplicates: instances.length,
    firstSeenAt: iso(Math.min(...times)),
    mostRecentAt: iso(Math.max(...times)),
    instanceId: await entries.instanceGroupId(hash),
    versions: instances.slice(0, MAX_VERSIONS).map((e) => ({ id: e.id, source: e.source, ingestedAt: iso(e.ingestedAt) })),
  };
}
