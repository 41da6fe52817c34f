import { z } from 'zod';
import { BadRequest } from '../core/errors.js';
import { exploreGet } from '../core/explore/get.js';
import { exploreList } from '../core/explore/list.js';
import { defineTool } from './definition.js';

export const EXPLORE_DEFAULT_LIMIT = 25;
export const EXPLORE_MAX_LIMIT = 100;

export const exploreTool = defineTool({
  name: 'svc_explore',
  description:
    'Browse the container. mode "list" (default) pages through entries (optionally by tag) and shows the entities, object schemas, composites and entity types present; mode "get" returns one entry with its relationships.',
  input: z.object({
    // spec § svc_explore: the removed value `schema` is served as `list`.
    mode: z.enum(['list', 'get', 'schema']).optional().describe('`list` (default) or `get`'),
    id: z.string().min(1).optional().describe('Entry id (get mode)'),
    tag: z.string().min(1).optional().describe('Only entries carrying this tag (list mode)'),
    limit: z.number().optional().describe(`Entries per page, default ${EXPLORE_DEFAULT_LIMIT}, max ${EXPLORE_MAX_LIMIT} (list mode)`),
    offset: z.number().int().min(0).optional().describe('Pagination offset (list mode)'),
  }),
  cost: 1,
  permission: 'read',
  defaults: { mcp: true, rest: true },
  rest: { method: 'POST', path: '/tools/explore' },
  cli: {
    command: 'explore',
    args: ['id'],
    summary: 'List entries, or show one entry with its relationships when an id is given',
    prepare: (input) => (input.id !== undefined && input.mode === undefined ? { ...input, mode: 'get' } : input),
  },
  handler: async (ctx, args) => {
    if (args.mode === 'get') {
      if (args.id === undefined) throw new BadRequest('id is required in get mode');
      return exploreGet(ctx, args.id);
    }
    // Out-of-range page sizes are clamped like svc_search's limit rather than refused.
    const limit = Math.min(EXPLORE_MAX_LIMIT, Math.max(1, Math.floor(args.limit ?? EXPLORE_DEFAULT_LIMIT)));
    return exploreList(ctx, { tag: args.tag, limit, offset: args.offset ?? 0 });
  },
});
