// One error hierarchy carrying the spec's codes (spec § Errors). Transports map these in one place each:
// src/server/rest/error-envelope.ts (REST), src/server/mcp (MCP), src/cli/exit-codes.ts (CLI).

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'INSUFFICIENT_CREDITS'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'LENGTH_REQUIRED'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOOL_ERROR'
  | 'INTERNAL_ERROR'
  | 'SERVICE_UNAVAILABLE';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_CREDITS: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LENGTH_REQUIRED: 411,
  PAYLOAD_TOO_LARGE: 413,
  TOOL_ERROR: 502,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export class SvcError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export class BadRequest extends SvcError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('BAD_REQUEST', message, details);
  }
}
export class Unauthorized extends SvcError {
  constructor(message = 'Authentication required') {
    super('UNAUTHORIZED', message);
  }
}
export class InsufficientCredits extends SvcError {
  constructor(message: string) {
    super('INSUFFICIENT_CREDITS', message);
  }
}
export class Forbidden extends SvcError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}
export class NotFound extends SvcError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}
export class Conflict extends SvcError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}
export class LengthRequired extends SvcError {
  constructor(message = 'A Content-Length header is required') {
    super('LENGTH_REQUIRED', message);
  }
}
export class PayloadTooLarge extends SvcError {
  constructor(message: string) {
    super('PAYLOAD_TOO_LARGE', message);
  }
}
export class ToolError extends SvcError {
  constructor(message: string) {
    super('TOOL_ERROR', message);
  }
}
export class ServiceUnavailable extends SvcError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds = 5) {
    super('SERVICE_UNAVAILABLE', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * A credential problem: answered with the flat, uncoded 401 body (spec § Uncoded 401) — or, for a scoped
 * key on the wrong container, the flat 403 body (spec § API key kinds).
 */
export class CredentialError extends Error {
  readonly status: 401 | 403;
  readonly error: string;
  constructor(status: 401 | 403, error: string, message: string) {
    super(message);
    this.name = 'CredentialError';
    this.status = status;
    this.error = error;
  }
}
