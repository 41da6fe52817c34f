import { randomUUID } from 'node:crypto';
import { JobKind } from '../../analysis/job-kinds.js';
import type { ContentType } from '../../store/types.js';
import type { ContainerContext } from '../context.js';
import { BadRequest } from '../errors.js';
import { contentHash } from './content-hash.js';
import { inferContentType } from './content-type.js';
import { validateObjectName } from './object-name.js';
import { parseOccurredAt } from './occurred-at.js';

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
  if (input.object !== undefined) {
    validateObjectName(input.object);
    object = (await ctx.entries.canonicalObjectName(input.object)) ?? input.object;
    fields = input.fields ?? (typeof input.content === 'object' ? input.content : null);
  }

  const entryId = randomUUID();
  const workflowId = randomUUID();
  await ctx.entries.insertEntry(
    {
      id: entryId,
      kind: 'entry',
      content: input.content,
      contentType: input.contentType ?? inferContentType(input.content),
      source: input.source ?? defaultSource(ctx),
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
    },
    { id: workflowId, kind: JobKind.analyzeEntry, payload: { entryId } },
  );
  ctx.wake(ctx.container.id);
  const result: WriteResult = { entryId, workflowId, message: 'Entry stored; analysis queued' };
  if (object !== undefined) result.object = object;
  return result;
}
