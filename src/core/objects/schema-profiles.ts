import type { ContainerContext } from '../context.js';

export interface SchemaProfileView {
  id: string;
  object: string;
  source: string;
  mode: 'declared' | 'accreted';
  fields: Array<{ name: string; type: string }>;
}

/** Spec § Object schema profile (explore list `schemas[]`): at most `limit` profiles, oldest first. */
export async function schemaProfiles(ctx: Pick<ContainerContext, 'entries'>, limit: number): Promise<SchemaProfileView[]> {
  const profiles = await ctx.entries.listObjectProfiles();
  return profiles.slice(0, limit).map((p) => ({
    id: p.id,
    object: p.object,
    source: p.source,
    mode: p.mode,
    fields: p.fields.map((f) => ({ name: f.name, type: f.type })),
  }));
}
