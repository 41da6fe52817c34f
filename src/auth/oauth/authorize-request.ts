import type { OAuthClientRecord } from '../../store/types.js';
import { SUPPORTED_SCOPES } from './lifetimes.js';
import { OAuthError } from './oauth-error.js';
import { checkChallenge } from './pkce.js';
import { redirectUriMatches } from './redirect-uri.js';
import { parseResource, type ResourceTarget } from './resource.js';
import type { OAuthServerContext } from './server-context.js';

export interface AuthorizeRequest {
  client: OAuthClientRecord;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  resource: string;
  target: ResourceTarget;
  scope: string;
}

/** An authorize error that must NOT be sent to the redirect URI (unknown client or unregistered URI: RFC 6749 § 4.1.2.1). */
export class UnsafeRedirectError extends Error {}

/** An authorize error reported to the client by redirect, carrying `state` back. */
export class RedirectableError extends OAuthError {
  constructor(
    readonly redirectUri: string,
    readonly state: string | null,
    err: OAuthError,
  ) {
    super(err.error, err.message);
  }
}

const single = (q: URLSearchParams, name: string): string | null => {
  const all = q.getAll(name);
  if (all.length > 1) throw new OAuthError('invalid_request', `${name} is repeated`);
  return all[0] ?? null;
};

/**
 * Validates `GET /oauth/authorize` (spec § OAuth 2.1 rule 3): code flow only, PKCE S256 mandatory, the
 * resource indicator (RFC 8707) names this service or one of its containers; `containers:read` is the scope.
 */
export async function parseAuthorizeRequest(ctx: OAuthServerContext, q: URLSearchParams): Promise<AuthorizeRequest> {
  const clientId = q.get('client_id');
  if (!clientId) throw new UnsafeRedirectError('client_id is required');
  const client = await ctx.control.getOAuthClient(clientId);
  if (!client) throw new UnsafeRedirectError(`Unknown client_id ${clientId}; register the client first (POST /oauth/register)`);
  const redirectUri = q.get('redirect_uri');
  if (!redirectUri) throw new UnsafeRedirectError('redirect_uri is required');
  if (!redirectUriMatches(client.redirectUris, redirectUri)) throw new UnsafeRedirectError(`redirect_uri ${redirectUri} is not registered for this client`);
  const state = q.get('state');
  try {
    const responseType = single(q, 'response_type');
    if (responseType !== 'code') throw new OAuthError('unsupported_response_type', 'Only response_type=code is supported');
    const codeChallenge = checkChallenge(single(q, 'code_challenge'), single(q, 'code_challenge_method'));
    const scope = (single(q, 'scope') ?? SUPPORTED_SCOPES[0]).split(' ').filter(Boolean);
    const unknown = scope.find((s) => !(SUPPORTED_SCOPES as readonly string[]).includes(s));
    if (unknown) throw new OAuthError('invalid_scope', `Unknown scope ${unknown}; supported: ${SUPPORTED_SCOPES.join(' ')}`);
    const resources = q.getAll('resource');
    if (resources.length > 1) throw new OAuthError('invalid_target', 'Give one resource per authorization request');
    // Without a resource indicator the token is for the whole service (what a signed-in user can reach).
    const resource = (resources[0] ?? ctx.issuer()).replace(/\/$/, '');
    const target = parseResource(ctx.issuer(), resource);
    if (!target) throw new OAuthError('invalid_target', `${resource} is not a resource of this server`);
    if (target.kind === 'container' && !(await ctx.control.getContainer(target.containerId))) {
      throw new OAuthError('invalid_target', `Container ${target.containerId} not found`);
    }
    return { client, redirectUri, state, codeChallenge, resource, target, scope: scope.length ? scope.join(' ') : SUPPORTED_SCOPES[0] };
  } catch (err) {
    if (err instanceof OAuthError) throw new RedirectableError(redirectUri, state, err);
    throw err;
  }
}

/** The client's redirect URI with the answer in its query, plus `iss` (RFC 9207) so clients can check who answered. */
export function redirectWith(ctx: OAuthServerContext, redirectUri: string, params: Record<string, string | null>): string {
  const u = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null) u.searchParams.set(k, v);
  u.searchParams.set('iss', ctx.issuer());
  return u.toString();
}
