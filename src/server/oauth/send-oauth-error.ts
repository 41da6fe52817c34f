import type { ServerResponse } from 'node:http';
import { OAuthError } from '../../auth/oauth/oauth-error.js';
import { SvcError } from '../../core/errors.js';
import { sendJson } from '../http/send.js';

/**
 * OAuth endpoints answer in the protocol's own shape `{error, error_description}` (RFC 6749 § 5.2), not the
 * REST envelope: OAuth client libraries parse exactly this. Returns false for errors it does not own.
 */
export function sendOAuthError(res: ServerResponse, err: unknown, headers: Record<string, string> = {}): boolean {
  if (err instanceof OAuthError) {
    sendJson(res, err.status, { error: err.error, error_description: err.message }, { pragma: 'no-cache', ...headers });
    return true;
  }
  if (err instanceof SvcError && err.status < 500) {
    sendJson(res, 400, { error: 'invalid_request', error_description: err.message }, { pragma: 'no-cache', ...headers });
    return true;
  }
  return false;
}
