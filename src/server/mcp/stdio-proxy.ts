import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ErrorCode,
  ListToolsRequestSchema,
  ListToolsResultSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { SERVER_INFO, SERVER_INSTRUCTIONS } from './server-info.js';
import { serveOverStdio } from './stdio-lifetime.js';
import { toolErrorResult } from './tool-result.js';

export interface ProxyStdioOptions {
  /** Base URL of the remote `svc serve`. */
  server: string;
  apiKey?: string;
  /** Omitted: `/mcp`, the container the credential is scoped to. */
  containerId?: string;
  session?: string;
  log(message: string, err?: unknown): void;
}

/** The MCP endpoint of a remote daemon for a container (and session label). */
export function remoteMcpUrl(server: string, containerId?: string, session?: string): URL {
  const url = new URL(containerId ? `/mcp/${encodeURIComponent(containerId)}` : '/mcp', server);
  if (session) url.searchParams.set('session', session);
  return url;
}

/** The remote's flat or coded error body inside an HTTP-level failure, when it sent one. */
export function remoteErrorBody(err: unknown): { status: number; code: string | null; message: string } | null {
  if (!(err instanceof StreamableHTTPError) || typeof err.code !== 'number') return null;
  const json = /endpoint: (\{.*\})$/s.exec(err.message)?.[1];
  try {
    const body = json ? JSON.parse(json) : null;
    if (body?.error && typeof body.error === 'object') return { status: err.code, code: body.error.code ?? null, message: body.error.message ?? err.message };
    if (typeof body?.error === 'string') return { status: err.code, code: body.error, message: body.message ?? err.message };
  } catch {
    /* not JSON: fall through */
  }
  return { status: err.code, code: null, message: err.message };
}

/** An HTTP-level refusal during a call, as the spec's code: flat 401/403 credential bodies carry none. */
function codeFor(remote: { status: number; code: string | null }): string {
  if (remote.status === 401) return 'UNAUTHORIZED';
  if (remote.status === 403) return 'FORBIDDEN';
  return remote.code ?? 'SERVICE_UNAVAILABLE';
}

/**
 * `svc mcp` without `--data-dir`: MCP over stdio, forwarding tools/list and tools/call to a remote daemon's
 * Streamable HTTP endpoint with the caller's credential. Tool results (including tool errors) pass through
 * unchanged. The remote is stateless, so a daemon restart between calls goes unnoticed.
 */
export async function serveProxyStdio(opts: ProxyStdioOptions): Promise<void> {
  const headers: Record<string, string> = opts.apiKey ? { 'x-api-key': opts.apiKey } : {};
  const client = new Client({ name: 'svc-mcp-proxy', version: SERVER_INFO.version });
  // Connecting runs the initialize handshake, so a wrong key or container fails here, before serving.
  await client.connect(new StreamableHTTPClientTransport(remoteMcpUrl(opts.server, opts.containerId, opts.session), { requestInit: { headers } }));

  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: client.getInstructions() ?? SERVER_INSTRUCTIONS,
  });
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    try {
      return await client.request({ method: 'tools/list', params: request.params }, ListToolsResultSchema);
    } catch (err) {
      if (err instanceof McpError) throw err;
      const remote = remoteErrorBody(err);
      if (!remote) opts.log('tools/list on the remote daemon failed', err);
      const body = { code: remote ? codeFor(remote) : 'SERVICE_UNAVAILABLE', message: remote?.message ?? `Cannot reach ${opts.server}` };
      throw new McpError(ErrorCode.InternalError, `${body.code}: ${body.message}`, body);
    }
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    try {
      return await client.request({ method: 'tools/call', params: request.params }, CallToolResultSchema);
    } catch (err) {
      if (err instanceof McpError) throw err;
      const remote = remoteErrorBody(err);
      if (!remote) opts.log(`tools/call ${request.params.name} on the remote daemon failed`, err);
      const body = { code: remote ? codeFor(remote) : 'SERVICE_UNAVAILABLE', message: remote?.message ?? `Cannot reach ${opts.server}` };
      return toolErrorResult(body);
    }
  });
  await serveOverStdio(server, () => client.close());
}
