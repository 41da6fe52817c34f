import type { ToolDefinition } from './definition.js';
import { deleteTool } from './delete.js';
import { exploreTool } from './explore.js';
import { navigateTool } from './navigate.js';
import { searchTool } from './search.js';
import { statusTool } from './status.js';
import { writeTool } from './write.js';

/** Every svc_* tool. REST routes, MCP tools/list and CLI commands are derived from this list. */
export const TOOLS: readonly ToolDefinition<any, any>[] = [exploreTool, writeTool, deleteTool, statusTool, searchTool, navigateTool];

export function findTool(name: string): ToolDefinition<any, any> | undefined {
  return TOOLS.find((t) => t.name === name);
}
