import type { IncomingMessage, ServerResponse } from 'node:http';
import { NotFound } from '../../core/errors.js';
import { invokeTool, type ToolRuntime } from '../../tools/invoke.js';
import { authenticateRequest, wwwAuthenticate } from '../authenticate-request.js';
import { readJsonBody } from '../http/read-json-body.js';
import type { HttpRoutes } from '../http/route.js';
import { sendJson } from '../http/send.js';
import { errorResponse } from './error-envelope.js';
import { receiveMultipartUpload } from './file-upload.js';
import { matchToolRoute } from './routes.js';

export interface RestDeps extends ToolRuntime {
  baseUrl(): string;
  maxJsonBodyBytes: number;
  log(message: string, err?: unknown): void;
}

const CONTAINER_PATH = /^\/container\/([^/]+)(\/.*)?$/;

/** Every REST path under /container/:id: authenticate, route to a tool, answer with the envelope. */
export function containerRoutes(deps: RestDeps): HttpRoutes {
  return {
    name: 'rest',
    matches: (_method, url) => CONTAINER_PATH.test(url.pathname),
    async handle(req: IncomingMessage, res: ServerResponse, url: URL) {
      const [, rawId, rest = '/'] = CONTAINER_PATH.exec(url.pathname)!;
      const containerId = decodeURIComponent(rawId);
      const method = req.method ?? 'GET';
      try {
        const principal = await authenticateRequest(deps.stores.control, req);
        const route = matchToolRoute(method, rest);
        if (!route) throw new NotFound(`No endpoint ${method} ${rest} on a container`);
        if (!route.tool) throw new NotFound(`Tool ${route.requestedTool} not found`);
        let data: unknown;
        if (route.tool.rest.body === 'multipart') {
          data = await receiveMultipartUpload(deps, req, { principal, containerId, tool: route.tool });
        } else {
          const body = method === 'POST' ? await readJsonBody(req, deps.maxJsonBodyBytes) : {};
          const input = body && typeof body === 'object' && !Array.isArray(body) ? { ...body, ...route.params } : body;
          data = await invokeTool(deps, { principal, containerId, transport: 'rest', tool: route.tool.name, input });
        }
        sendJson(res, route.tool.rest.status ?? 200, { success: true, data });
      } catch (err) {
        const out = errorResponse(err, wwwAuthenticate(deps.baseUrl(), `/container/${containerId}`));
        if (out.status >= 500) deps.log(`${method} ${url.pathname} failed`, err);
        // Drain an unread body so the client sees the answer instead of a reset connection.
        req.resume();
        sendJson(res, out.status, out.body, out.headers);
      }
    },
  };
}
