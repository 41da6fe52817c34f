import { z } from 'zod';
import { deleteFile } from '../core/files/delete.js';
import { defineTool } from './definition.js';

export const filesDeleteTool = defineTool({
  name: 'svc_files_delete',
  description:
    'Delete an uploaded file and every entry derived from it (its composite and chunks; their embeddings and edges are purged in the background). A file still being processed cannot be deleted (409 CONFLICT).',
  input: z.object({ fileId: z.string().min(1).describe('File id, from svc_files_list') }),
  cost: 0,
  permission: 'editor',
  defaults: { mcp: false, rest: true },
  hiddenFromVisitors: true,
  rest: { method: 'DELETE', path: '/files/:fileId' },
  handler: (ctx, args) => deleteFile(ctx, args.fileId),
});
