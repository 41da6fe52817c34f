import { OAuthError } from './oauth-error.js';
import { hashOpaqueToken } from './opaque-token.js';
import type { OAuthServerContext } from './server-context.js';
import { tokensForSession, type TokenResponse } from './token-response.js';

/**
 * `grant_type=refresh_token` with rotation: each refresh token works once and is replaced. Presenting a
 * rotated-out token again means it leaked, so the whole session is revoked (OAuth 2.1 § 4.3.1).
 */
export async function exchangeRefreshToken(ctx: OAuthServerContext, form: URLSearchParams): Promise<TokenResponse> {
  const token = form.get('refresh_token');
  if (!token) throw new OAuthError('invalid_request', 'refresh_token is required');
  const clientId = form.get('client_id');
  if (!clientId) throw new OAuthError('invalid_request', 'client_id is required');
  const hash = hashOpaqueToken(token);
  const existing = await ctx.control.getRefreshToken(hash);
  if (!existing) throw new OAuthError('invalid_grant', 'Unknown refresh token');
  const session = await ctx.control.getOAuthSession(existing.sessionId);
  // A client cannot burn (or learn about) another client's token.
  if (!session || session.clientId !== clientId) throw new OAuthError('invalid_grant', 'Unknown refresh token');
  const used = await ctx.control.useRefreshToken(hash, ctx.now());
  if (!used) throw new OAuthError('invalid_grant', 'Unknown refresh token');
  if (!used.firstUse) {
    await ctx.control.revokeOAuthSession(session.id, ctx.now());
    throw new OAuthError('invalid_grant', 'The refresh token was already used; the session is revoked, sign in again');
  }
  if (session.revokedAt !== null) throw new OAuthError('invalid_grant', 'The session was revoked; sign in again');
  if (used.token.expiresAt <= ctx.now()) throw new OAuthError('invalid_grant', 'The refresh token expired; sign in again');
  const resource = form.get('resource');
  if (resource && resource.replace(/\/$/, '') !== session.resource) throw new OAuthError('invalid_target', 'resource differs from the one authorized');
  const scope = form.get('scope');
  if (scope && scope.split(' ').some((s) => s && !session.scope.split(' ').includes(s))) {
    throw new OAuthError('invalid_scope', 'A refresh cannot widen the scope');
  }
  return tokensForSession(ctx, session);
}
