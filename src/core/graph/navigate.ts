import { fileResourceLink, type ResourceLink } from '../files/resource-link.js';
import type { ContainerContext } from '../context.js';
import { entryView, type EntryView } from '../entries/view.js';
import { NotFound } from '../errors.js';
import { relationshipsOf, type RelationshipsView } from './relationships.js';

export const NAVIGATE_DEFAULT_RANGE = 3;
export const NAVIGATE_MAX_RANGE = 50;

export type NavigateMode = 'relationships' | 'siblings' | 'source';

export interface NavigateInput {
  entryId: string;
  mode?: NavigateMode;
  range?: number;
  type?: string | string[];
}

export type SiblingView = EntryView & { chunkIndex: number | null; totalChunks: number | null };
export type SourceView = EntryView & { compositeType: string | null; totalChunks: number | null; resource_link?: ResourceLink };

export type NavigateResult =
  | { relationships: RelationshipsView; type?: string | string[] }
  | { siblings: SiblingView[] }
  | { source: SourceView | null };

/** spec § svc_navigate `range`: default 3, max 50; values outside 0..50 are clamped like search's limit. */
export function resolveRange(range?: number): number {
  if (range === undefined) return NAVIGATE_DEFAULT_RANGE;
  if (!Number.isFinite(range)) return range > 0 ? NAVIGATE_MAX_RANGE : 0;
  return Math.min(NAVIGATE_MAX_RANGE, Math.max(0, Math.floor(range)));
}

/** Moves from an entry along its edges, to its neighbouring chunks, or to the composite it was chunked from. */
export async function navigate(ctx: ContainerContext, input: NavigateInput): Promise<NavigateResult> {
  const anchor = await ctx.entries.getEntry(input.entryId);
  if (!anchor) throw new NotFound(`Entry ${input.entryId} not found`);
  const mode = input.mode ?? 'relationships';

  if (mode === 'relationships') {
    const types = input.type === undefined ? undefined : Array.isArray(input.type) ? input.type : [input.type];
    const relationships = await relationshipsOf(ctx.entries, anchor.id, types);
    // spec: `type` echoes the filter and is absent when no filter was sent.
    return input.type === undefined ? { relationships } : { relationships, type: input.type };
  }

  if (mode === 'siblings') {
    // An entry that was not chunked stands alone: it has no siblings.
    if (anchor.kind !== 'chunk' || !anchor.parentId || anchor.chunkIndex === null) return { siblings: [] };
    const range = resolveRange(input.range);
    const at = anchor.chunkIndex;
    const siblings = (await ctx.entries.listChildren(anchor.parentId))
      .filter((c) => c.id !== anchor.id && c.chunkIndex !== null && Math.abs(c.chunkIndex - at) <= range)
      .map((c) => ({ ...entryView(c), chunkIndex: c.chunkIndex, totalChunks: c.totalChunks }));
    return { siblings };
  }

  if (anchor.kind !== 'chunk' || !anchor.parentId) return { source: null };
  const parent = await ctx.entries.getEntry(anchor.parentId);
  if (!parent) return { source: null };
  const source: SourceView = { ...entryView(parent), compositeType: parent.compositeType, totalChunks: parent.totalChunks };
  const link = fileResourceLink(ctx.container.id, parent);
  if (link) source.resource_link = link;
  return { source };
}
