import { shortName, type ToolDefinition } from '../../tools/definition.js';
import { TOOLS } from '../../tools/registry.js';

export interface RouteMatch {
  tool: ToolDefinition<any, any> | null;
  /** The tool name the path asked for, when it named one that does not exist. */
  requestedTool?: string;
  params: Record<string, string>;
}

/**
 * Maps `METHOD /container/:id/<rest>` to a tool, from the tools' own REST bindings plus the generic
 * dispatcher `POST /tools/{short-name}` (spec § REST endpoint table rule 1).
 */
export function matchToolRoute(method: string, rest: string): RouteMatch | null {
  for (const tool of TOOLS) {
    if (tool.rest.method !== method) continue;
    const params = matchPath(tool.rest.path, rest);
    if (params) return { tool, params };
  }
  const generic = /^\/tools\/([^/]+)$/.exec(rest);
  if (generic && method === 'POST') {
    const name = `svc_${decodeURIComponent(generic[1])}`;
    const tool = TOOLS.find((t) => t.name === name && t.rest.path === `/tools/${shortName(t)}`);
    return tool ? { tool, params: {} } : { tool: null, requestedTool: name, params: {} };
  }
  return null;
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const a = path.split('/');
  if (p.length !== a.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(':')) {
      if (!a[i]) return null;
      params[p[i].slice(1)] = decodeURIComponent(a[i]);
    } else if (p[i] !== a[i]) return null;
  }
  return params;
}
