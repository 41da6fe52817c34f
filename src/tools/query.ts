import { z } from 'zod';
import { registerExploreGroups } from '../core/explore/list.js';
import { schemaProfiles } from '../core/objects/schema-profiles.js';
import { runQuery } from '../core/query/run-query.js';
import { MAX_SQL_LENGTH } from '../core/query/validate-statement.js';
import { defineTool } from './definition.js';

// Object schema profiles are explore's `schemas[]` group (spec § svc_explore list result).
registerExploreGroups(async (ctx, cap) => ({ schemas: await schemaProfiles(ctx, cap) }));

export const queryTool = defineTool({
  name: 'svc_query',
  description:
    'Read-only SQL (SQLite dialect) over the structured objects of the container. One SELECT or WITH statement; tables: `fields` (catalog: object, source, name, type, present, seen) and one table per object (its fields plus _entry_id and _source). Only json_each/json_tree as table functions. Results cap at 200 rows or about 256 KB (`truncated`). Start with SELECT * FROM fields.',
  input: z.object({
    sql: z.string().min(1).max(MAX_SQL_LENGTH).describe('One SELECT or WITH … SELECT statement'),
  }),
  // spec § Limits: svc_query costs 1 credit (flat); § Tool visibility defaults: off on both transports.
  cost: 1,
  permission: 'read',
  defaults: { mcp: false, rest: false },
  rest: { method: 'POST', path: '/tools/query' },
  cli: { command: 'query', args: ['sql'], stdin: 'sql', summary: 'Run a read-only SQL statement over the objects (prints a table; --json for raw)' },
  handler: (ctx, args) => runQuery(ctx, args.sql),
});
