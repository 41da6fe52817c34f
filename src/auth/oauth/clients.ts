import { z } from 'zod';
import type { OAuthClientRecord } from '../../store/types.js';
import { OAuthError } from './oauth-error.js';
import { redirectUriProblem } from './redirect-uri.js';
import type { OAuthServerContext } from './server-context.js';

// RFC 7591 client metadata. Unknown members are ignored (§ 2); only public clients exist here.
const Metadata = z.object({
  redirect_uris: z.array(z.string()).min(1, 'redirect_uris needs at least one URI').max(20),
  client_name: z.string().max(200).optional(),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  scope: z.string().optional(),
});

const GRANTS = ['authorization_code', 'refresh_token'];

/** Dynamic client registration (RFC 7591) for public clients: MCP hosts register themselves on first use. */
export async function registerClient(ctx: OAuthServerContext, body: unknown): Promise<Record<string, unknown>> {
  const parsed = Metadata.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new OAuthError('invalid_client_metadata', `${first.path.join('.') || 'body'}: ${first.message}`);
  }
  const m = parsed.data;
  for (const uri of m.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', problem);
  }
  if (m.token_endpoint_auth_method && m.token_endpoint_auth_method !== 'none') {
    throw new OAuthError('invalid_client_metadata', 'Only public clients are supported: token_endpoint_auth_method must be "none"');
  }
  const badGrant = m.grant_types?.find((g) => !GRANTS.includes(g));
  if (badGrant) throw new OAuthError('invalid_client_metadata', `grant type ${badGrant} is not supported; use authorization_code and refresh_token`);
  const badResponse = m.response_types?.find((r) => r !== 'code');
  if (badResponse) throw new OAuthError('invalid_client_metadata', `response type ${badResponse} is not supported; only "code"`);
  const client = await ctx.control.createOAuthClient({ name: m.client_name?.trim() || 'Unnamed application', redirectUris: m.redirect_uris });
  return clientMetadata(client);
}

export function clientMetadata(client: OAuthClientRecord): Record<string, unknown> {
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(client.createdAt / 1000),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    token_endpoint_auth_method: 'none',
    grant_types: GRANTS,
    response_types: ['code'],
  };
}
