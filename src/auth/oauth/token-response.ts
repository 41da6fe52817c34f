import type { OAuthSessionRecord } from '../../store/types.js';
import { issueAccessToken } from './access-token-issue.js';
import { REFRESH_TOKEN_TTL_MS } from './lifetimes.js';
import { OAuthError } from './oauth-error.js';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token.js';
import type { OAuthServerContext } from './server-context.js';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  refresh_token_expires_in: number;
  scope: string;
}

/** A fresh access token and a fresh refresh token for a session (used by both grants). */
export async function tokensForSession(ctx: OAuthServerContext, session: OAuthSessionRecord): Promise<TokenResponse> {
  const user = await ctx.control.getUser(session.userId);
  if (!user) throw new OAuthError('invalid_grant', 'The user of this grant no longer exists');
  const access = await issueAccessToken(ctx.key, {
    issuer: ctx.issuer(),
    audience: session.resource,
    user,
    sessionId: session.id,
    clientId: session.clientId,
    scope: session.scope,
  }, ctx.now());
  const refresh = newOpaqueToken();
  await ctx.control.saveRefreshToken({ hash: hashOpaqueToken(refresh), sessionId: session.id, expiresAt: ctx.now() + REFRESH_TOKEN_TTL_MS });
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresIn,
    refresh_token: refresh,
    refresh_token_expires_in: REFRESH_TOKEN_TTL_MS / 1000,
    scope: session.scope,
  };
}
