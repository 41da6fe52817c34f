import { z } from 'zod';
import { containerStatus } from '../core/status/status.js';
import { defineTool } from './definition.js';

export const statusTool = defineTool({
  name: 'svc_status',
  description: 'Container status: initialization, readiness (`ready`), pause flag, counts of tools, composites, entity types and entries, and analysis progress.',
  input: z.object({}),
  cost: 0,
  permission: 'read',
  defaults: { mcp: false, rest: true },
  rest: { method: 'GET', path: '/status' },
  cli: { command: 'status', summary: 'Show the container status' },
  handler: (ctx) => containerStatus(ctx, ctx.activeTools.length),
});
