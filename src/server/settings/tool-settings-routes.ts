import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { resolveContainerAccess } from '../../core/access/container-access.js';
import { BadRequest, NotFound } from '../../core/errors.js';
import { assertCanToggleTools, listToolSettings, setToolSetting } from '../../core/toggles/tool-settings.js';
import { TOOLS } from '../../tools/registry.js';
import { authenticateRequest, wwwAuthenticate } from '../authenticate-request.js';
import { readJsonBody } from '../http/read-json-body.js';
import type { HttpRoutes } from '../http/route.js';
import { sendJson } from '../http/send.js';
import { errorResponse } from '../rest/error-envelope.js';
import type { RestDeps } from '../rest/container-routes.js';

// Tool toggles are container settings, not a svc_* tool: they live beside the tool paths, under
// /container/:id/settings/tools, and answer with the same envelope as the REST tools.
const SETTINGS_PATH = /^\/container\/([^/]+)\/settings\/tools(?:\/([^/]+))?\/?$/;

const ToggleBody = z.object({
  transport: z.enum(['mcp', 'rest']),
  enabled: z.boolean(),
});

function parseToggleBody(body: unknown): z.infer<typeof ToggleBody> {
  const parsed = ToggleBody.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
  throw new BadRequest(`Expected {"transport": "mcp" | "rest", "enabled": true | false}: ${problems.join('; ')}`);
}

/**
 * `GET /container/:id/settings/tools` lists every tool's setting per transport (read access);
 * `PUT /container/:id/settings/tools/:tool` with `{transport, enabled}` toggles one (owner/admin with
 * container admin, else 403 FORBIDDEN).
 */
export function toolSettingsRoutes(deps: RestDeps): HttpRoutes {
  return {
    name: 'tool-settings',
    matches: (_method, url) => SETTINGS_PATH.test(url.pathname),
    async handle(req: IncomingMessage, res: ServerResponse, url: URL) {
      const [, rawId, rawTool] = SETTINGS_PATH.exec(url.pathname)!;
      const containerId = decodeURIComponent(rawId);
      const method = req.method ?? 'GET';
      try {
        const principal = await authenticateRequest(deps.stores.control, req);
        const access = await resolveContainerAccess(deps.stores.control, principal, containerId);
        if (method === 'GET' && rawTool === undefined) {
          const tools = await listToolSettings(deps.stores.control, access.container, TOOLS);
          let canToggle = true;
          try {
            assertCanToggleTools(access);
          } catch {
            canToggle = false;
          }
          sendJson(res, 200, { success: true, data: { containerId: access.container.id, canToggle, tools } });
          return;
        }
        if (method === 'PUT' && rawTool !== undefined) {
          const change = parseToggleBody(await readJsonBody(req, deps.maxJsonBodyBytes));
          const tool = decodeURIComponent(rawTool);
          const setting = await setToolSetting(deps.stores.control, access, TOOLS, { tool, ...change });
          sendJson(res, 200, { success: true, data: setting });
          return;
        }
        throw new NotFound(`No endpoint ${method} ${url.pathname}; use GET .../settings/tools or PUT .../settings/tools/:tool`);
      } catch (err) {
        const out = errorResponse(err, wwwAuthenticate(deps.baseUrl(), `/container/${containerId}`));
        if (out.status >= 500) deps.log(`${method} ${url.pathname} failed`, err);
        req.resume();
        sendJson(res, out.status, out.body, out.headers);
      }
    },
  };
}
