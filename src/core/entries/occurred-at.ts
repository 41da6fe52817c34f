import { BadRequest } from '../errors.js';

// ISO 8601 calendar date, optionally with a time and a zone: 2024-05-01, 2024-05-01T10:00, 2024-05-01T10:00:00.123Z, …+02:00
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Epoch ms for a writer's `occurredAt`; refuses malformed dates and dates in the future (spec § svc_write). */
export function parseOccurredAt(value: string, now: number): number {
  if (!ISO_8601.test(value)) throw new BadRequest(`occurredAt must be an ISO 8601 date, got "${value}"`);
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new BadRequest(`occurredAt is not a valid date: "${value}"`);
  // A minute of grace absorbs clock skew between the writer and the daemon.
  if (ms > now + 60_000) throw new BadRequest(`occurredAt must not be in the future: "${value}"`);
  return ms;
}
