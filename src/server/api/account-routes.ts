import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '../../core/access/principal.js';
import { NotFound } from '../../core/errors.js';
import { createKey } from '../../core/keys/create-key.js';
import { deleteKey, disableKey, enableKey, rotateKey } from '../../core/keys/key-transitions.js';
import { listKeys } from '../../core/keys/list-keys.js';
import type { ControlStore } from '../../store/types.js';
import { authenticateRequest, wwwAuthenticate } from '../authenticate-request.js';
import { readJsonBody } from '../http/read-json-body.js';
import type { HttpRoutes } from '../http/route.js';
import { sendJson } from '../http/send.js';
import { errorResponse } from '../rest/error-envelope.js';

export interface AccountRouteDeps {
  control: ControlStore;
  baseUrl(): string;
  log(message: string, err?: unknown): void;
}

const KEY_ACTION = /^\/api\/keys\/([^/]+)(?:\/(rotate|disable|enable))?$/;

/**
 * Account-level REST (outside any container): who am I, and API key management for `svc keys` and the
 * dashboard. Same envelope and errors as the container REST; needs a user's OAuth token (service audience)
 * or an account key.
 */
export function accountRoutes(deps: AccountRouteDeps): HttpRoutes {
  const { control } = deps;
  async function route(method: string, url: URL, req: IncomingMessage, actor: Principal): Promise<[number, unknown]> {
    const path = url.pathname.replace(/\/$/, '');
    if (method === 'GET' && path === '/api/me') return [200, await whoAmI(control, actor)];
    if (path === '/api/keys') {
      if (method === 'GET') return [200, await listKeys(control, actor, { containerId: url.searchParams.get('container') ?? undefined })];
      if (method === 'POST') {
        const b = (await readJsonBody(req, 64 * 1024)) as Record<string, any>;
        const input = b && typeof b === 'object' && !Array.isArray(b) ? b : {};
        return [201, await createKey(control, actor, { name: input.name, containerId: input.container ?? input.containerId, org: input.org, expiresAt: input.expiresAt ?? input.expires, source: input.source })];
      }
    }
    const m = KEY_ACTION.exec(path);
    if (m) {
      const id = decodeURIComponent(m[1]);
      if (method === 'DELETE' && !m[2]) return [200, await deleteKey(control, actor, id)];
      if (method === 'POST' && m[2] === 'rotate') return [201, await rotateKey(control, actor, id)];
      if (method === 'POST' && m[2] === 'disable') return [200, await disableKey(control, actor, id)];
      if (method === 'POST' && m[2] === 'enable') return [200, await enableKey(control, actor, id)];
    }
    throw new NotFound(`No endpoint ${method} ${url.pathname}`);
  }
  return {
    name: 'account',
    matches: (_method, url) => url.pathname.startsWith('/api/'),
    async handle(req: IncomingMessage, res: ServerResponse, url: URL) {
      const method = req.method ?? 'GET';
      try {
        const actor = await authenticateRequest(control, req);
        const [status, data] = await route(method, url, req, actor);
        sendJson(res, status, { success: true, data });
      } catch (err) {
        const out = errorResponse(err, wwwAuthenticate(deps.baseUrl(), ''));
        if (out.status >= 500) deps.log(`${method} ${url.pathname} failed`, err);
        req.resume();
        sendJson(res, out.status, out.body, out.headers);
      }
    },
  };
}

async function whoAmI(control: ControlStore, actor: Principal) {
  const user = await control.getUser(actor.userId);
  const orgs = await control.listUserOrgs(actor.userId);
  return {
    userId: actor.userId,
    email: user?.email ?? null,
    name: user?.name ?? null,
    organizations: orgs.map((o) => ({ id: o.org.id, name: o.org.name, role: o.role })),
    credential: { kind: actor.kind, name: actor.credentialName, containerId: actor.scopeContainerId, keyId: actor.keyId ?? null, sessionId: actor.sessionId ?? null },
  };
}
