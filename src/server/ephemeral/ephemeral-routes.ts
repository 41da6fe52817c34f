import type { IncomingMessage, ServerResponse } from 'node:http';
import { createEphemeralContainer } from '../../core/claim/create-ephemeral.js';
import { ServiceUnavailable } from '../../core/errors.js';
import type { Stores } from '../../store/types.js';
import { readJsonBody } from '../http/read-json-body.js';
import type { HttpRoutes } from '../http/route.js';
import { sendJson } from '../http/send.js';
import { errorResponse } from '../rest/error-envelope.js';
import { RateLimiter } from './rate-limit.js';

export interface EphemeralDeps {
  stores: Stores;
  wake(containerId: string): void;
  ephemeralPerWindow: number;
  ephemeralWindowSeconds: number;
}

/**
 * `POST /ephemeral`: a container without an account (spec § Ephemeral container). No credential is needed,
 * so it is rate-limited per client address; the answer carries the container id and a scoped key.
 */
export function ephemeralRoutes(deps: EphemeralDeps): HttpRoutes {
  const limiter = new RateLimiter(deps.ephemeralPerWindow, deps.ephemeralWindowSeconds * 1000);
  return {
    name: 'ephemeral',
    matches: (method, url) => method === 'POST' && url.pathname === '/ephemeral',
    async handle(req: IncomingMessage, res: ServerResponse) {
      try {
        const wait = limiter.take(req.socket.remoteAddress ?? 'unknown');
        if (wait > 0) throw new ServiceUnavailable(`Too many ephemeral containers from this address; retry in ${wait} s`, wait);
        const body = (await readJsonBody(req, 64 * 1024)) as { name?: unknown };
        const name = typeof body?.name === 'string' ? body.name.slice(0, 200) : undefined;
        const created = await createEphemeralContainer(deps.stores, name);
        deps.wake(created.containerId);
        sendJson(res, 201, { success: true, data: created });
      } catch (err) {
        const out = errorResponse(err, 'Bearer realm="svc"');
        req.resume();
        sendJson(res, out.status, out.body, out.headers);
      }
    },
  };
}
