import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CredentialError, SvcError, type ErrorCode } from '../../core/errors.js';

/** The spec's code and message for an error, as every MCP error answer carries it. */
export function mcpErrorBody(err: unknown): { code: ErrorCode; message: string } {
  if (err instanceof SvcError) return { code: err.code, message: err.message };
  if (err instanceof CredentialError) return { code: err.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', message: err.message };
  return { code: 'INTERNAL_ERROR', message: 'Internal server error' };
}

/**
 * A tool's result over MCP: the same JSON as REST's `data`, as text (every client can read it) and, when
 * it is a JSON object, as `structuredContent` too.
 */
export function toolSuccess(data: unknown): CallToolResult {
  const result: CallToolResult = { content: [{ type: 'text', text: JSON.stringify(data) }] };
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) result.structuredContent = data as Record<string, unknown>;
  return result;
}

/**
 * The one place errors become MCP tool errors: a result with `isError: true` whose text is the JSON
 * `{"code": "<spec code>", "message": "…"}` (and the same object as `structuredContent`), so an agent sees
 * the reason and can correct its call.
 */
export function toolFailure(err: unknown): CallToolResult {
  return toolErrorResult(mcpErrorBody(err));
}

export function toolErrorResult(body: { code: string; message: string }): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
}
