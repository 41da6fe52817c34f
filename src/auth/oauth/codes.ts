import { AUTH_CODE_TTL_MS } from './lifetimes.js';
import type { AuthorizeRequest } from './authorize-request.js';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token.js';
import type { OAuthServerContext } from './server-context.js';

/** Issues a single-use authorization code after the user approved (stored by hash, short-lived). */
export async function issueAuthCode(ctx: OAuthServerContext, req: AuthorizeRequest, userId: string): Promise<string> {
  const code = newOpaqueToken();
  await ctx.control.saveAuthCode({
    codeHash: hashOpaqueToken(code),
    clientId: req.client.id,
    userId,
    redirectUri: req.redirectUri,
    codeChallenge: req.codeChallenge,
    resource: req.resource,
    scope: req.scope,
    expiresAt: ctx.now() + AUTH_CODE_TTL_MS,
  });
  return code;
}
