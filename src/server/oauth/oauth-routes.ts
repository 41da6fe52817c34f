import type { IncomingMessage, ServerResponse } from 'node:http';
import { registerClient } from '../../auth/oauth/clients.js';
import { exchangeAuthorizationCode } from '../../auth/oauth/grant-authorization-code.js';
import { exchangeRefreshToken } from '../../auth/oauth/grant-refresh-token.js';
import { OAuthError } from '../../auth/oauth/oauth-error.js';
import { parseResource } from '../../auth/oauth/resource.js';
import { revokeToken } from '../../auth/oauth/revoke.js';
import type { OAuthServerContext } from '../../auth/oauth/server-context.js';
import { NotFound } from '../../core/errors.js';
import { readFormBody } from '../http/read-form-body.js';
import { readJsonBody } from '../http/read-json-body.js';
import type { HttpRoutes } from '../http/route.js';
import { sendJson } from '../http/send.js';
import { authorizeHandler } from './authorize-handler.js';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.js';
import { sendOAuthError } from './send-oauth-error.js';

// Discovery documents are found at the root and under any path prefix (spec: `{mcp_url}/.well-known/…`;
// RFC 8414 § 3.1 and RFC 9728 § 3.1 insert the path after `/.well-known/…`).
const AS_METADATA = /(^|\/)\.well-known\/oauth-authorization-server(\/.*)?$/;
const PR_METADATA = /^\/\.well-known\/oauth-protected-resource(\/.*)?$/;
const CONTAINER_PR_METADATA = /^(\/.*)\/\.well-known\/oauth-protected-resource$/;

// Browser-based MCP clients call discovery, registration, token and revocation from another origin;
// these endpoints use no cookies, so any origin may call them.
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version', 'access-control-allow-methods': 'GET, POST, OPTIONS' };

/** The OAuth 2.1 authorization server: discovery, registration, authorize (sign-in + consent), token, revoke, JWKS. */
export function oauthRoutes(ctx: OAuthServerContext): HttpRoutes {
  const authorize = authorizeHandler(ctx);
  const isOAuth = (p: string) => p.startsWith('/oauth/') || AS_METADATA.test(p) || PR_METADATA.test(p) || CONTAINER_PR_METADATA.test(p);
  return {
    name: 'oauth',
    matches: (_method, url) => isOAuth(url.pathname),
    async handle(req: IncomingMessage, res: ServerResponse, url: URL) {
      const method = req.method ?? 'GET';
      const path = url.pathname;
      const issuer = ctx.issuer();
      if (method === 'OPTIONS') {
        res.writeHead(204, { ...CORS, 'access-control-max-age': '86400' });
        return void res.end();
      }
      if (method === 'GET' && AS_METADATA.test(path)) return sendJson(res, 200, authorizationServerMetadata(issuer), CORS);
      const pr = PR_METADATA.exec(path)?.[1] ?? CONTAINER_PR_METADATA.exec(path)?.[1];
      if (method === 'GET' && (PR_METADATA.test(path) || CONTAINER_PR_METADATA.test(path))) {
        const resource = `${issuer}${pr ?? ''}`.replace(/\/$/, '');
        if (!parseResource(issuer, resource)) throw new NotFound(`No protected resource at ${pr}`);
        return sendJson(res, 200, protectedResourceMetadata(issuer, resource), CORS);
      }
      if (method === 'GET' && path === '/oauth/jwks') return sendJson(res, 200, { keys: [ctx.key.publicJwk] }, CORS);
      if (path === '/oauth/authorize' && method === 'GET') return authorize.get(req, res, url);
      if (path === '/oauth/authorize' && method === 'POST') return authorize.post(req, res);
      try {
        if (method === 'POST' && path === '/oauth/register') {
          const client = await registerClient(ctx, await readJsonBody(req, 64 * 1024));
          return sendJson(res, 201, client, CORS);
        }
        if (method === 'POST' && path === '/oauth/token') {
          const form = await readFormBody(req);
          const grant = form.get('grant_type');
          if (grant === 'authorization_code') return sendJson(res, 200, await exchangeAuthorizationCode(ctx, form), { ...CORS, pragma: 'no-cache' });
          if (grant === 'refresh_token') return sendJson(res, 200, await exchangeRefreshToken(ctx, form), { ...CORS, pragma: 'no-cache' });
          throw new OAuthError(grant ? 'unsupported_grant_type' : 'invalid_request', grant ? `grant_type ${grant} is not supported` : 'grant_type is required');
        }
        if (method === 'POST' && path === '/oauth/revoke') {
          await revokeToken(ctx, await readFormBody(req));
          res.writeHead(200, { ...CORS, 'cache-control': 'no-store', 'content-length': 0 });
          return void res.end();
        }
      } catch (err) {
        req.resume();
        if (sendOAuthError(res, err, CORS)) return;
        throw err;
      }
      throw new NotFound(`No endpoint ${method} ${path}`);
    },
  };
}
