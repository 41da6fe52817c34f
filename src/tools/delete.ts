import { z } from 'zod';
import { deleteEntry } from '../core/entries/delete.js';
import { defineTool } from './definition.js';

export const deleteTool = defineTool({
  name: 'svc_delete',
  description: 'Delete an entry; its chunks, embeddings and relationship edges are removed in the background. With includeDuplicates, every other instance of the same content is deleted too.',
  input: z.object({
    entryId: z.string().min(1).describe('Entry to delete'),
    includeDuplicates: z.boolean().optional().describe('Also delete every other instance of the same content (default false)'),
  }),
  cost: 0,
  permission: 'editor',
  defaults: { mcp: true, rest: true },
  hiddenFromVisitors: true,
  rest: { method: 'POST', path: '/tools/delete' },
  cli: { command: 'delete', args: ['entryId'], summary: 'Delete an entry' },
  handler: (ctx, args) => deleteEntry(ctx, args),
});
