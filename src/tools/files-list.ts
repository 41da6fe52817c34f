import { z } from 'zod';
import { listFiles } from '../core/files/list.js';
import { defineTool } from './definition.js';

export const filesListTool = defineTool({
  name: 'svc_files_list',
  description:
    'List the files uploaded to the container: id, name, size, detected mimeType, uploadedAt, processingStatus (pending, processing, complete, skipped, failed) and chunkCount (null until processing finishes).',
  input: z.object({}),
  cost: 0,
  permission: 'read',
  defaults: { mcp: false, rest: true },
  // spec § Permissions: visitors of a public container get explore, search, navigate (and query, status).
  hiddenFromVisitors: true,
  rest: { method: 'GET', path: '/files' },
  handler: (ctx) => listFiles(ctx),
});
