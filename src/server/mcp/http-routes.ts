import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { resolveContainerAccess } from '../../core/access/container-access.js';
import { BadRequest } from '../../core/errors.js';
import type { ToolRuntime } from '../../tools/invoke.js';
import { authenticateRequest, wwwAuthenticate } from '../authenticate-request.js';
import type { HttpRoutes } from '../http/route.js';
import { sendJson } from '../http/send.js';
import { errorResponse } from '../rest/error-envelope.js';
import { createMcpServer } from './mcp-server.js';
import { parseSessionLabel } from './session-label.js';

export interface McpHttpDeps extends ToolRuntime {
  baseUrl(): string;
  maxJsonBodyBytes: number;
  log(message: string, err?: unknown): void;
}

// `/mcp/<containerId>`, or `/mcp` when the credential reaches one container only. Dot segments are left
// to other route groups (OAuth discovery lives under `{mcp_url}/.well-known/…`).
const MCP_PATH = /^\/mcp(?:\/([^/.][^/]*))?\/?$/;

/**
 * MCP over Streamable HTTP, stateless: every POST gets its own transport and server, authenticated like
 * REST before any JSON-RPC is read (a missing or bad credential is the flat 401 with WWW-Authenticate; a
 * scoped key on another container the flat 403). Answers are plain JSON (no SSE stream is needed because
 * no tool streams progress), so there is no session to lose when the daemon restarts.
 */
export function mcpHttpRoutes(deps: McpHttpDeps): HttpRoutes {
  return {
    name: 'mcp',
    matches: (_method, url) => MCP_PATH.test(url.pathname),
    async handle(req: IncomingMessage, res: ServerResponse, url: URL) {
      const [, rawId] = MCP_PATH.exec(url.pathname)!;
      const method = req.method ?? 'GET';
      try {
        const principal = await authenticateRequest(deps.stores.control, req);
        const containerId = rawId !== undefined ? decodeURIComponent(rawId) : principal.scopeContainerId;
        if (!containerId) {
          throw new BadRequest('This credential reaches every container of its organization: use the endpoint /mcp/<containerId>');
        }
        await resolveContainerAccess(deps.stores.control, principal, containerId);
        const session = parseSessionLabel(url.searchParams.get('session'));
        if (method !== 'POST') {
          // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
          req.resume();
          sendJson(res, 405, { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: send JSON-RPC with POST' }, id: null }, { allow: 'POST' });
          return;
        }
        const server = createMcpServer({ runtime: deps, caller: async () => ({ principal, containerId, session }), log: deps.log });
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
          maxRequestBodySize: deps.maxJsonBodyBytes,
        });
        res.on('close', () => {
          void transport.close();
          void server.close();
        });
        await server.connect(transport);
        await transport.handleRequest(req, res);
      } catch (err) {
        const out = errorResponse(err, wwwAuthenticate(deps.baseUrl(), url.pathname));
        if (out.status >= 500) deps.log(`${method} ${url.pathname} failed`, err);
        req.resume();
        if (!res.headersSent) sendJson(res, out.status, out.body, out.headers);
        else res.end();
      }
    },
  };
}
