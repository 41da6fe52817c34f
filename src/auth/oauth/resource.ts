// Resource indicators (RFC 8707). A token's audience is one of:
//   {base}                      the whole service (what `svc login` asks for: the CLI acts for its user everywhere)
//   {base}/container/<id>       one container over REST  (the spec's "audience scoped to the container")
//   {base}/container/<id>/mcp   the same container's MCP address, and {base}/mcp/<id>: accepted as the same container
const CONTAINER_PATHS = [/^\/container\/([^/]+)(?:\/mcp)?\/?$/, /^\/mcp\/([^/]+)\/?$/];

export type ResourceTarget = { kind: 'service' } | { kind: 'container'; containerId: string };

/** What a resource URL names, when it belongs to this server (same origin as `base`); null otherwise. */
export function parseResource(base: string, resource: string): ResourceTarget | null {
  let url: URL;
  let root: URL;
  try {
    url = new URL(resource);
    root = new URL(base);
  } catch {
    return null;
  }
  if (url.origin !== root.origin || url.search || url.hash) return null;
  const rootPath = root.pathname.replace(/\/$/, '');
  if (!url.pathname.startsWith(rootPath)) return null;
  const path = url.pathname.slice(rootPath.length);
  if (path === '' || path === '/') return { kind: 'service' };
  for (const re of CONTAINER_PATHS) {
    const m = re.exec(path);
    if (m) return { kind: 'container', containerId: decodeURIComponent(m[1]) };
  }
  return null;
}

/** The container an audience names, judged by its path alone (the issuer check already pins the origin). */
export function audienceTarget(aud: string): ResourceTarget | null {
  try {
    const u = new URL(aud);
    return parseResource(u.origin, aud);
  } catch {
    return null;
  }
}

/** The container a request path addresses (REST `/container/<id>/…`, MCP `/mcp/<id>`), or the service. */
export function requestTarget(pathname: string): ResourceTarget {
  const m = /^\/container\/([^/]+)/.exec(pathname) ?? /^\/mcp\/([^/]+)/.exec(pathname);
  return m ? { kind: 'container', containerId: decodeURIComponent(m[1]) } : { kind: 'service' };
}

export function containerResourceUrl(base: string, containerId: string): string {
  return `${base.replace(/\/$/, '')}/container/${encodeURIComponent(containerId)}`;
}
