import { OAuthError } from './oauth-error.js';
import { hashOpaqueToken } from './opaque-token.js';
import { verifierMatches } from './pkce.js';
import type { OAuthServerContext } from './server-context.js';
import { tokensForSession, type TokenResponse } from './token-response.js';

const required = (form: URLSearchParams, name: string): string => {
  const v = form.get(name);
  if (!v) throw new OAuthError('invalid_request', `${name} is required`);
  return v;
};

/**
 * `grant_type=authorization_code` (spec § OAuth 2.1 rule 4). The code is burnt on first presentation, whatever
 * the outcome; a replayed code also revokes the session its first exchange created (OAuth 2.1 § 4.1.3).
 */
export async function exchangeAuthorizationCode(ctx: OAuthServerContext, form: URLSearchParams): Promise<TokenResponse> {
  const code = required(form, 'code');
  const redirectUri = required(form, 'redirect_uri');
  const verifier = required(form, 'code_verifier');
  const clientId = required(form, 'client_id');
  const used = await ctx.control.useAuthCode(hashOpaqueToken(code), ctx.now());
  if (!used) throw new OAuthError('invalid_grant', 'Unknown authorization code');
  const { code: rec, firstUse } = used;
  if (!firstUse) {
    if (rec.sessionId) await ctx.control.revokeOAuthSession(rec.sessionId, ctx.now());
    throw new OAuthError('invalid_grant', 'The authorization code was already used; tokens issued from it are revoked');
  }
  if (rec.expiresAt <= ctx.now()) throw new OAuthError('invalid_grant', 'The authorization code expired');
  if (rec.clientId !== clientId) throw new OAuthError('invalid_grant', 'The authorization code was issued to another client');
  if (rec.redirectUri !== redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request');
  if (!verifierMatches(verifier, rec.codeChallenge)) throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
  const resource = form.get('resource');
  if (resource && resource.replace(/\/$/, '') !== rec.resource) throw new OAuthError('invalid_target', 'resource differs from the one authorized');
  const session = await ctx.control.createOAuthSession({ userId: rec.userId, clientId: rec.clientId, resource: rec.resource, scope: rec.scope });
  await ctx.control.attachSessionToCode(rec.codeHash, session.id);
  return tokensForSession(ctx, session);
}
