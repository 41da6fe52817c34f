import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { fileResourceUri, resolveFileResource } from '../../core/files/resource.js';
import { NotFound, ServiceUnavailable } from '../../core/errors.js';
import { resolveContainerAccess } from '../../core/access/container-access.js';
import type { Principal } from '../../core/access/principal.js';
import { invokeTool, type ToolRuntime } from '../../tools/invoke.js';
import { TOOLS } from '../../tools/registry.js';
import { activeToolNames } from '../../tools/visibility.js';
import { mcpInputSchema } from './input-schema.js';
import { SERVER_INFO, SERVER_INSTRUCTIONS } from './server-info.js';
import { mcpErrorBody, toolFailure, toolSuccess } from './tool-result.js';

/** Who is calling and on which container; established by the transport (per HTTP request, or per stdio call). */
export interface McpCaller {
  principal: Principal;
  containerId: string;
  /** Session label for `agent:<session>` write sources. */
  session?: string;
}

export interface McpServerDeps {
  runtime: ToolRuntime;
  caller(): Promise<McpCaller>;
  log(message: string, err?: unknown): void;
}

/**
 * An MCP server over the tool registry. tools/list is computed for the caller on every request (defaults,
 * per-container toggles, ephemeral-only and visitor rules), so a toggle shows at once; tools/call runs
 * through invokeTool exactly as REST does (access, activity on MCP, permission, validation, credits).
 */
export function createMcpServer(deps: McpServerDeps): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
    instructions: SERVER_INSTRUCTIONS,
  });

  /** Runs a request handler that has no error result: the spec code travels in the JSON-RPC error's data. */
  const withMcpErrors = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      const body = mcpErrorBody(err);
      const internal = body.code === 'INTERNAL_ERROR';
      if (internal) deps.log(`MCP ${what} failed`, err);
      throw new McpError(internal ? ErrorCode.InternalError : ErrorCode.InvalidRequest, `${body.code}: ${body.message}`, body);
    }
  };

  // Files of the container as resources; reading one yields a signed, expiring download URL (spec § svc_explore get).
  server.setRequestHandler(ListResourcesRequestSchema, () =>
    withMcpErrors('resources/list', async () => {
      const { principal, containerId } = await deps.caller();
      await resolveContainerAccess(deps.runtime.stores.control, principal, containerId);
      const files = await (await deps.runtime.stores.container(containerId)).files.list();
      return { resources: files.map((f) => ({ uri: fileResourceUri(containerId, f.id), name: f.name, mimeType: f.mimeType })) };
    }),
  );

  server.setRequestHandler(ReadResourceRequestSchema, (request) =>
    withMcpErrors('resources/read', async () => {
      const { principal, containerId } = await deps.caller();
      const baseUrl = deps.runtime.baseUrl?.() ?? '';
      if (!baseUrl) throw new ServiceUnavailable('Download links are served by the daemon (svc serve); with --data-dir use `svc download` instead', 0);
      const resource = await resolveFileResource({ stores: deps.runtime.stores, principal, baseUrl }, request.params.uri);
      if (resource.containerId !== containerId) throw new NotFound(`${request.params.uri} is not in this container`);
      return { contents: [{ uri: resource.uri, mimeType: 'application/json', text: JSON.stringify(resource) }] };
    }),
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    try {
      const { principal, containerId } = await deps.caller();
      const { control } = deps.runtime.stores;
      const access = await resolveContainerAccess(control, principal, containerId);
      const active = new Set(await activeToolNames(control, access, 'mcp'));
      const tools: Tool[] = TOOLS.filter((t) => active.has(t.name)).map((t) => ({
        name: t.name,
        description: t.description,
        inputSchema: mcpInputSchema(t.input),
        annotations: { readOnlyHint: t.permission === 'read' },
      }));
      return { tools };
    } catch (err) {
      // tools/list has no error result: the caller learns the spec code through the JSON-RPC error's data.
      const body = mcpErrorBody(err);
      const internal = body.code === 'INTERNAL_ERROR';
      if (internal) deps.log('MCP tools/list failed', err);
      throw new McpError(internal ? ErrorCode.InternalError : ErrorCode.InvalidRequest, `${body.code}: ${body.message}`, body);
    }
  });

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    try {
      const { principal, containerId, session } = await deps.caller();
      const data = await invokeTool(deps.runtime, {
        principal,
        containerId,
        transport: 'mcp',
        tool: request.params.name,
        input: request.params.arguments ?? {},
        agentSession: session,
      });
      return toolSuccess(data);
    } catch (err) {
      if (mcpErrorBody(err).code === 'INTERNAL_ERROR') deps.log(`MCP tools/call ${request.params.name} failed`, err);
      return toolFailure(err);
    }
  });

  return server;
}
