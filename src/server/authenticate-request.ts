import type { IncomingMessage } from 'node:http';
import { authenticateAccessToken, type AccessTokenVerifier } from '../auth/authenticate-access-token.js';
import { apiKeyId } from '../auth/api-keys.js';
import { authenticateApiKey, presentedCredential } from '../auth/authenticate.js';
import { requestTarget } from '../auth/oauth/resource.js';
import type { Principal } from '../core/access/principal.js';
import { CredentialError } from '../core/errors.js';
import type { ControlStore } from '../store/types.js';

// The daemon registers its token verifier once at start, so every transport that calls
// authenticateRequest(control, req) (REST, MCP, key management) accepts OAuth access tokens too.
let registered: AccessTokenVerifier | null = null;
export function registerAccessTokenVerifier(v: AccessTokenVerifier | null): void {
  registered = v;
}

/**
 * Establishes the caller from request headers: an API key (x-api-key or Bearer) or an OAuth access token
 * (Bearer) whose audience fits the resource addressed by the request path. Throws the uncoded 401.
 */
export async function authenticateRequest(control: ControlStore, req: IncomingMessage, verifier: AccessTokenVerifier | null = registered): Promise<Principal> {
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const presented = presentedCredential({ apiKey: header('x-api-key'), authorization: header('authorization') });
  if (presented && !apiKeyId(presented) && presented.split('.').length === 3 && !header('x-api-key')) {
    if (!verifier) throw new CredentialError(401, 'invalid_token', 'The credential is invalid, expired or revoked');
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    return authenticateAccessToken(control, verifier, presented, requestTarget(path));
  }
  return authenticateApiKey(control, presented);
}

/**
 * The `WWW-Authenticate` challenge for a resource (spec § Credentials on requests rule 3): names the
 * resource and points at its protected-resource metadata (RFC 9728 § 5.1) so MCP clients find the
 * authorization server.
 */
export function wwwAuthenticate(baseUrl: string, resourcePath: string): string {
  const base = baseUrl.replace(/\/$/, '');
  return `Bearer realm="svc", resource="${base}${resourcePath}", resource_metadata="${base}/.well-known/oauth-protected-resource${resourcePath}"`;
}
