import type { ContainerContext } from '../context.js';
import { entryView, type EntryView } from '../entries/view.js';

/** Spec § svc_explore: each side group holds at most 50 items, whatever limit/offset/tag say. */
export const EXPLORE_GROUP_CAP = 50;

export interface ExploreListInput {
  tag?: string;
  limit: number;
  offset: number;
}

export interface ExploreListResult {
  entries: EntryView[];
  count: number;
  entryCount: number;
  entities?: Array<{ id: string; name: string; entityType: string; mentions: number }>;
  schemas?: unknown[];
  composites?: Array<{ id: string; compositeType: string; fileName: string | null; chunkCount: number; source: string }>;
  entityTypes?: string[];
  hasMore?: Partial<Record<'entities' | 'schemas' | 'composites' | 'entityTypes', true>>;
}

/** Extra groups contributed by later capabilities (object schema profiles) without explore knowing them. */
export type ExploreGroupProvider = (ctx: ContainerContext, cap: number) => Promise<{ schemas?: unknown[] }>;
const groupProviders: ExploreGroupProvider[] = [];
export function registerExploreGroups(provider: ExploreGroupProvider): void {
  groupProviders.push(provider);
}

export async function exploreList(ctx: ContainerContext, input: ExploreListInput): Promise<ExploreListResult> {
  const rows = await ctx.entries.listEntries({ tag: input.tag, limit: input.limit, offset: input.offset });
  const counts = await ctx.entries.counts();
  const result: ExploreListResult = { entries: rows.map(entryView), count: rows.length, entryCount: counts.total };
  const hasMore: NonNullable<ExploreListResult['hasMore']> = {};
  // Fetch one past the cap to learn whether the group was cut.
  const capped = <T>(items: T[], group: keyof typeof hasMore): T[] => {
    if (items.length > EXPLORE_GROUP_CAP) hasMore[group] = true;
    return items.slice(0, EXPLORE_GROUP_CAP);
  };

  const entities = capped(await ctx.entries.listByKind('entity', EXPLORE_GROUP_CAP + 1), 'entities');
  if (entities.length) {
    result.entities = await Promise.all(
      entities.map(async (e) => ({
        id: e.id,
        name: typeof e.content === 'string' ? e.content : String(e.properties.name ?? ''),
        entityType: String(e.properties.entityType ?? 'unknown'),
        mentions: await ctx.entries.countEdgesTo(e.id, 'mentions'),
      })),
    );
  }
  for (const provider of groupProviders) {
    const extra = await provider(ctx, EXPLORE_GROUP_CAP + 1);
    if (extra.schemas?.length) result.schemas = capped(extra.schemas, 'schemas');
  }
  const composites = capped(await ctx.entries.listByKind('composite', EXPLORE_GROUP_CAP + 1), 'composites');
  if (composites.length) {
    result.composites = composites.map((c) => ({
      id: c.id,
      compositeType: c.compositeType ?? 'write',
      fileName: (c.properties.fileName as string | undefined) ?? null,
      chunkCount: c.totalChunks ?? 0,
      source: c.source,
    }));
  }
  const entityTypes = capped(await ctx.entries.listEntityTypes(EXPLORE_GROUP_CAP + 1), 'entityTypes');
  if (entityTypes.length) result.entityTypes = entityTypes;
  if (Object.keys(hasMore).length) result.hasMore = hasMore;
  return result;
}
