import { randomUUID } from 'node:crypto';
import { JobKind } from '../../analysis/job-kinds.js';
import type { ContentType, NewEntry } from '../../store/types.js';
import type { ContainerContext } from '../context.js';
import { BadRequest } from '../errors.js';
import { contentHash } from '../../analysis/content-hash.js';
import { inferContentType } from './content-type.js';
import { validateObjectName } from './object-name.js';
import { parseOccurredAt } from './occurred-at.js';
import { linkLookupFields } from '../objects/lookup-edges.js';
import { checkObjectCap, checkObjectNameUsable } from '../objects/names.js';
import { planProfileUpdate, type ProfilePlan } from '../objects/profile-update.js';
import { recordFields } from '../objects/record-fields.js';

export interface WriteInput {
  content: string | Record<string, unknown>;
  tags?: string[];
  metadata?: Record<string, unknown>;
  source?: string;
  occurredAt?: string;
  object?: string;
  fields?: Record<string, unknown>;
  contentType?: ContentType;
}

export interface WriteResult {
  entryId: string;
  workflowId: string;
  message: string;
  object?: string;
  unknownFields?: string[];
}


/** Default source by origin (spec § Source label convention). */
export function defaultSource(ctx: ContainerContext): string {
  return ctx.transport === 'mcp' ? 'agent:mcp' : `webhook:${ctx.principal.credentialName}`;
}

/**
 * Stores an entry durably and queues its background workflow; when this returns, the entry exists and
 * survives a crash (spec § Entry write: it becomes searchable once the workflow has run).
 */
export async function writeEntry(ctx: ContainerContext, input: WriteInput): Promise<WriteResult> {
  if (typeof input.content === 'string' && input.content.trim() === '') throw new BadRequest('content must not be empty');
  if (input.contentType === 'structured' && typeof input.content === 'string') {
    throw new BadRequest('contentType "structured" needs an object as content');
  }
  if (input.contentType && input.contentType !== 'structured' && typeof input.content !== 'string') {
    throw new BadRequest(`contentType "${input.contentType}" needs a string as content`);
  }
  const ingestedAt = input.occurredAt !== undefined ? parseOccurredAt(input.occurredAt, ctx.now) : ctx.now;

  let object: string | undefined;
  let fields: Record<string, unknown> | null = null;
  let plan: ProfilePlan | undefined;
  const source = input.source ?? defaultSource(ctx);
  if (input.object !== undefined) {
    validateObjectName(input.object);
    checkObjectNameUsable(input.object);
    const canonical = await ctx.entries.canonicalObjectName(input.object);
    if (canonical === null) await checkObjectCap(ctx);
    object = canonical ?? input.object;
    fields = recordFields(input.content, input.fields);
    plan = planProfileUpdate(object, source, await ctx.entries.listObjectProfiles(object), fields);
  }

  const entryId = randomUUID();
  const workflowId = randomUUID();
  const job = { id: workflowId, kind: JobKind.analyzeEntry, payload: { entryId } };
  const entry: NewEntry = {
    id: entryId,
    kind: 'entry',
    content: input.content,
    contentType: input.contentType ?? inferContentType(input.content),
    source,
    tags: [...new Set(input.tags ?? [])],
    properties: input.metadata ?? {},
    createdAt: ctx.now,
    ingestedAt,
    object: object ?? null,
    parentId: null,
    compositeType: null,
    chunkIndex: null,
    totalChunks: null,
    contentHash: contentHash(input.content),
    fields,
  };
  if (plan && object !== undefined && fields) {
    await ctx.entries.insertObjectEntry(entry, job, plan.update);
    await linkLookupFields(ctx.entries, { entryId, object, source, fields });
  } else {
    await ctx.entries.insertEntry(entry, job);
  }
  ctx.wake(ctx.container.id);
  const result: WriteResult = { entryId, workflowId, message: 'Entry stored; analysis queued' };
  if (object !== undefined) result.object = object;
  if (plan?.unknownFields !== undefined) result.unknownFields = plan.unknownFields;
  return result;
}
