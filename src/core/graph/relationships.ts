import type { ContainerStore, EdgeRecord } from '../../store/types.js';

export interface RelationshipsView {
  from: EdgeRecord[];
  to: EdgeRecord[];
  byType: Record<string, { from: EdgeRecord[]; to: EdgeRecord[] }>;
}

/**
 * Spec § svc_navigate type filter: a term ending in `:` matches a family by prefix; any other term matches
 * exactly (no wildcard), so an unknown type matches nothing.
 */
export function edgeTypeMatcher(types: string[] | undefined): (type: string) => boolean {
  if (types === undefined) return () => true;
  return (type) => types.some((t) => (t.endsWith(':') ? type.startsWith(t) : type === t));
}

/** Edges where the entry is the source (`from`) or target (`to`), and the same bucketed by label. */
export async function relationshipsOf(entries: ContainerStore, id: string, types?: string[]): Promise<RelationshipsView> {
  const match = edgeTypeMatcher(types);
  const from = (await entries.edgesFrom(id)).filter((e) => match(e.type));
  const to = (await entries.edgesTo(id)).filter((e) => match(e.type));
  const byType: RelationshipsView['byType'] = {};
  const bucket = (t: string) => (byType[t] ??= { from: [], to: [] });
  for (const e of from) bucket(e.type).from.push(e);
  for (const e of to) bucket(e.type).to.push(e);
  return { from, to, byType };
}
