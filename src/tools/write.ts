import { z } from 'zod';
import { writeEntry } from '../core/entries/write.js';
import { defineTool } from './definition.js';

const input = z.object({
  content: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .describe('Text (stored as text) or a JSON object (stored as structured data)'),
  tags: z.array(z.string().min(1).max(200)).max(100).optional().describe('Tags'),
  metadata: z.record(z.string(), z.unknown()).optional().describe('Key-value metadata, stored in the entry properties'),
  source: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .describe('Origin label `<platform>:<identifier>`; default `agent:mcp` over MCP, `webhook:<api-key-name>` over REST'),
  occurredAt: z.string().optional().describe('ISO 8601 date the content refers to; default now; never in the future'),
  object: z.string().optional().describe('Object name: store the entry as a row of this structured object'),
  fields: z.record(z.string(), z.unknown()).optional().describe('Queryable values (with `object`); defaults to the keys of an object `content`'),
  contentType: z.enum(['text', 'markdown', 'structured']).optional().describe('Inferred from content when omitted'),
});

export const writeTool = defineTool({
  name: 'svc_write',
  description:
    'Write an entry (a note, or a structured record when `object` is named) into the container. It is stored at once and analysed in the background (chunks, embeddings, relationships); it becomes searchable within seconds.',
  input,
  cost: 0,
  permission: 'editor',
  defaults: { mcp: true, rest: true },
  hiddenFromVisitors: true,
  rest: { method: 'POST', path: '/tools/write' },
  cli: { command: 'write', args: ['content'], stdin: 'content', flags: { tags: 'tag', metadata: 'meta' }, summary: 'Write an entry (text from the argument or stdin)' },
  // spec § Source label convention: an MCP agent may label its writes `agent:<session>` instead of `agent:mcp`.
  handler: (ctx, args) =>
    writeEntry(ctx, { ...args, source: args.source ?? (ctx.transport === 'mcp' && ctx.agentSession ? `agent:${ctx.agentSession}` : undefined) }),
});
