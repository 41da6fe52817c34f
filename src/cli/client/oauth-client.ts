import { createHash, randomBytes } from 'node:crypto';
import { request } from 'undici';
import { ClientError } from './client-error.js';

export interface ServerMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint: string;
  revocation_endpoint?: string;
}

export interface TokenSet {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

async function call(server: string, method: 'GET' | 'POST', url: string, body?: { json?: unknown; form?: Record<string, string> }): Promise<any> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: string | undefined;
  if (body?.json !== undefined) {
    payload = JSON.stringify(body.json);
    headers['content-type'] = 'application/json';
  } else if (body?.form) {
    payload = new URLSearchParams(body.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  let res;
  try {
    res = await request(url, { method, headers, body: payload });
  } catch (err) {
    throw new ClientError(0, null, (err as Error).message, server);
  }
  const text = await res.body.text();
  let parsed: any = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (res.statusCode >= 200 && res.statusCode < 300) return parsed;
  throw new ClientError(res.statusCode, parsed?.error ?? null, parsed?.error_description ?? `OAuth request to ${url} failed`, server);
}

/** Authorization server metadata (RFC 8414). */
export function discover(server: string): Promise<ServerMetadata> {
  return call(server, 'GET', new URL('/.well-known/oauth-authorization-server', server).toString());
}

/** Registers the CLI as a public client (RFC 7591) with a loopback redirect; any port is accepted later. */
export async function registerCli(server: string, meta: ServerMetadata): Promise<string> {
  const r = await call(server, 'POST', meta.registration_endpoint, {
    json: { client_name: 'svc CLI', redirect_uris: ['http://127.0.0.1/callback'], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] },
  });
  return r.client_id as string;
}

export function newPkce(): { verifier: string; challenge: string; state: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url'), state: randomBytes(16).toString('base64url') };
}

export function exchangeCode(server: string, meta: { token_endpoint: string }, f: { clientId: string; code: string; redirectUri: string; verifier: string; resource: string }): Promise<TokenSet> {
  return call(server, 'POST', meta.token_endpoint, {
    form: { grant_type: 'authorization_code', client_id: f.clientId, code: f.code, redirect_uri: f.redirectUri, code_verifier: f.verifier, resource: f.resource },
  });
}

export function refreshTokens(server: string, tokenEndpoint: string, clientId: string, refreshToken: string): Promise<TokenSet> {
  return call(server, 'POST', tokenEndpoint, { form: { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken } });
}

export async function revoke(server: string, endpoint: string, clientId: string, token: string): Promise<void> {
  await call(server, 'POST', endpoint, { form: { token, client_id: clientId, token_type_hint: 'refresh_token' } });
}
