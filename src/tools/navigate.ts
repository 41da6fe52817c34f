import { z } from 'zod';
import { navigate, NAVIGATE_DEFAULT_RANGE, NAVIGATE_MAX_RANGE } from '../core/graph/navigate.js';
import { defineTool } from './definition.js';

export const navigateTool = defineTool({
  name: 'svc_navigate',
  description:
    'Move around from an entry. mode "relationships" (default) lists its edges (from, to, byType; filter with type, a term ending in ":" matches a family), "siblings" the neighbouring chunks of the same document, "source" the composite it was chunked from.',
  input: z.object({
    entryId: z.string().min(1).describe('Entry to traverse from'),
    mode: z.enum(['relationships', 'siblings', 'source']).optional().describe('`relationships` (default), `siblings`, `source`'),
    range: z.number().optional().describe(`Chunks before and after the anchor (siblings mode), default ${NAVIGATE_DEFAULT_RANGE}, max ${NAVIGATE_MAX_RANGE}`),
    // spec § svc_navigate: a type that is neither a string nor an array of strings is an error.
    type: z.union([z.string(), z.array(z.string())]).optional().describe('Edge types to return (relationships mode); omit for all'),
  }),
  cost: 1,
  permission: 'read',
  defaults: { mcp: true, rest: true },
  rest: { method: 'POST', path: '/tools/navigate' },
  cli: { command: 'navigate', args: ['entryId'], summary: 'Relationships, sibling chunks or the source composite of an entry' },
  handler: (ctx, args) => navigate(ctx, args),
});
