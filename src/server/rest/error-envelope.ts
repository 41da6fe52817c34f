import { CredentialError, ServiceUnavailable, SvcError } from '../../core/errors.js';

export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The one place where errors become REST responses (spec § Errors): the coded envelope for SvcError,
 * the flat uncoded body for credential failures, and INTERNAL_ERROR for anything unexpected.
 */
export function errorResponse(err: unknown, wwwAuthenticate: string): ErrorResponse {
  if (err instanceof CredentialError) {
    const headers: Record<string, string> = err.status === 401 ? { 'www-authenticate': wwwAuthenticate } : {};
    return { status: err.status, headers, body: { error: err.error, message: err.message } };
  }
  if (err instanceof SvcError) {
    const headers: Record<string, string> = {};
    if (err instanceof ServiceUnavailable) headers['retry-after'] = String(err.retryAfterSeconds);
    return { status: err.status, headers, body: { success: false, error: { code: err.code, message: err.message } } };
  }
  return {
    status: 500,
    headers: {},
    body: { success: false, error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } },
  };
}
