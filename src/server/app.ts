import type { IncomingMessage, ServerResponse } from 'node:http';
import { NotFound } from '../core/errors.js';
import type { HttpRoutes } from './http/route.js';
import { sendJson } from './http/send.js';
import { errorResponse } from './rest/error-envelope.js';

/** The daemon's request handler: the first mounted route group that matches answers. */
export function createRequestHandler(groups: HttpRoutes[], log: (m: string, e?: unknown) => void) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      sendJson(res, 400, { success: false, error: { code: 'BAD_REQUEST', message: 'Malformed request URL' } });
      return;
    }
    const method = req.method ?? 'GET';
    try {
      if (method === 'GET' && url.pathname === '/healthz') {
        sendJson(res, 200, { ok: true });
        return;
      }
      const group = groups.find((g) => g.matches(method, url));
      if (!group) throw new NotFound(`No endpoint ${method} ${url.pathname}`);
      await group.handle(req, res, url);
    } catch (err) {
      if (!(err instanceof NotFound)) log(`${method} ${url.pathname} failed`, err);
      const out = errorResponse(err, 'Bearer realm="svc"');
      req.resume();
      if (!res.headersSent) sendJson(res, out.status, out.body, out.headers);
      else res.end();
    }
  };
}
