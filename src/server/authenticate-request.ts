import type { IncomingMessage } from 'node:http';
import { authenticateApiKey, presentedCredential } from '../auth/authenticate.js';
import type { Principal } from '../core/access/principal.js';
import type { ControlStore } from '../store/types.js';

/** Establishes the caller from request headers; throws the uncoded 401 when no valid credential is present. */
export async function authenticateRequest(control: ControlStore, req: IncomingMessage): Promise<Principal> {
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const presented = presentedCredential({ apiKey: header('x-api-key'), authorization: header('authorization') });
  return authenticateApiKey(control, presented);
}

/** The `WWW-Authenticate` challenge for a resource (spec § Credentials on requests rule 3). */
export function wwwAuthenticate(baseUrl: string, resourcePath: string): string {
  return `Bearer realm="svc", resource="${baseUrl}${resourcePath}"`;
}
