import { verifyAccessToken } from './access-token-verify.js';
import { OAuthError } from './oauth-error.js';
import { hashOpaqueToken } from './opaque-token.js';
import type { OAuthServerContext } from './server-context.js';

/**
 * Token revocation (RFC 7009), used by `svc logout`. Revoking either token of a session ends the session:
 * its refresh tokens stop working and its access tokens are refused at once (each request checks `sid`).
 * Unknown tokens are not an error (§ 2.2).
 */
export async function revokeToken(ctx: OAuthServerContext, form: URLSearchParams): Promise<void> {
  const token = form.get('token');
  if (!token) throw new OAuthError('invalid_request', 'token is required');
  const clientId = form.get('client_id');
  const refresh = await ctx.control.getRefreshToken(hashOpaqueToken(token));
  let sessionId: string | null = refresh?.sessionId ?? null;
  if (!sessionId) sessionId = (await verifyAccessToken(ctx.key, ctx.issuer(), token))?.sid ?? null;
  if (!sessionId) return;
  const session = await ctx.control.getOAuthSession(sessionId);
  // A client may only revoke its own tokens (§ 2.1); a mismatch is silently ignored like an unknown token.
  if (!session || (clientId && session.clientId !== clientId)) return;
  await ctx.control.revokeOAuthSession(session.id, ctx.now());
}
