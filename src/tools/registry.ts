import { claimTool } from './claim.js';
import type { ToolDefinition } from './definition.js';
import { deleteTool } from './delete.js';
import { exploreTool } from './explore.js';
import { queryTool } from './query.js';
import { filesDeleteTool } from './files-delete.js';
import { filesListTool } from './files-list.js';
import { filesUploadTool } from './files-upload.js';
import { navigateTool } from './navigate.js';
import { searchTool } from './search.js';
import { statusTool } from './status.js';
import { writeTool } from './write.js';

/** Every svc_* tool. REST routes, MCP tools/list and CLI commands are derived from this list. */
export const TOOLS: readonly ToolDefinition<any, any>[] = [
  exploreTool,
  searchTool,
  navigateTool,
  writeTool,
  deleteTool,
  statusTool,
  claimTool,
  queryTool,
  filesListTool,
  filesUploadTool,
  filesDeleteTool,
];

export function findTool(name: string): ToolDefinition<any, any> | undefined {
  return TOOLS.find((t) => t.name === name);
}
