import type { IncomingMessage, ServerResponse } from 'node:http';

/** A group of HTTP endpoints the daemon mounts (REST, MCP, OAuth, web pages): first match handles. */
export interface HttpRoutes {
  name: string;
  matches(method: string, url: URL): boolean;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}
