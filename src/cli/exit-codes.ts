import { CredentialError, SvcError, type ErrorCode } from '../core/errors.js';
import { ClientError } from './client/client-error.js';

/** The one place errors become CLI exit codes (documented in the README). */
export const EXIT = {
  ok: 0,
  failure: 1,
  badRequest: 2,
  auth: 3,
  notFound: 4,
  credits: 5,
  conflict: 6,
  unavailable: 7,
} as const;

const BY_CODE: Partial<Record<ErrorCode, number>> = {
  BAD_REQUEST: EXIT.badRequest,
  UNAUTHORIZED: EXIT.auth,
  FORBIDDEN: EXIT.auth,
  NOT_FOUND: EXIT.notFound,
  INSUFFICIENT_CREDITS: EXIT.credits,
  CONFLICT: EXIT.conflict,
  LENGTH_REQUIRED: EXIT.badRequest,
  PAYLOAD_TOO_LARGE: EXIT.badRequest,
  SERVICE_UNAVAILABLE: EXIT.unavailable,
};

export function exitCodeFor(err: unknown): number {
  if (err instanceof ClientError) {
    if (err.status === 401 || err.status === 403) return EXIT.auth;
    if (err.code) return BY_CODE[err.code as ErrorCode] ?? EXIT.failure;
    return err.status === 0 ? EXIT.unavailable : EXIT.failure;
  }
  if (err instanceof CredentialError) return EXIT.auth;
  if (err instanceof SvcError) return BY_CODE[err.code] ?? EXIT.failure;
  return EXIT.failure;
}

/** What the user reads: the server's code and message, and what to try when there is an obvious next step. */
export function describeError(err: unknown): string {
  if (err instanceof ClientError) return err.describe();
  if (err instanceof SvcError) return `${err.code}: ${err.message}`;
  if (err instanceof CredentialError) return `${err.error}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
