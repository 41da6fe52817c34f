import type { ContainerContext } from '../context.js';
import { NotFound } from '../errors.js';
import { fileResourceLink, type ResourceLink } from '../files/resource-link.js';
import { relationshipsOf, type RelationshipsView } from '../graph/relationships.js';

export interface ExploreGetResult {
  entry: { id: string; content: unknown; source: string; tags: string[]; properties: Record<string, unknown>; createdAt: number };
  relationships: RelationshipsView;
  resource_link?: ResourceLink;
}

export async function exploreGet(ctx: ContainerContext, id: string): Promise<ExploreGetResult> {
  const e = await ctx.entries.getEntry(id);
  if (!e) throw new NotFound(`Entry ${id} not found`);
  const result: ExploreGetResult = {
    entry: { id: e.id, content: e.content, source: e.source, tags: e.tags, properties: e.properties, createdAt: e.createdAt },
    relationships: await relationshipsOf(ctx.entries, e.id),
  };
  const link = fileResourceLink(ctx.container.id, e);
  if (link) result.resource_link = link;
  return result;
}
