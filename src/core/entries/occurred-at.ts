import { BadRequest } from '../errors.js';

// ISO 8601 calendar date, optionally with a time and a zone: 2024-05-01, 2024-05-01T10:00, 2024-05-01T10:00:00.123Z, …+02:00
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A minute of grace absorbs clock skew between the writer and the daemon. */
const FUTURE_GRACE_MS = 60_000;

/**
 * Epoch ms for a writer's `occurredAt`; refuses malformed or impossible dates (2024-02-30) and dates in the
 * future (spec § svc_write). A time without a zone is read as UTC, so the result never depends on the host.
 */
export function parseOccurredAt(value: string, now: number): number {
  const m = ISO_8601.exec(value);
  if (!m) throw new BadRequest(`occurredAt must be an ISO 8601 date such as 2024-05-01 or 2024-05-01T10:00:00Z, got "${value}"`);
  const [, y, mo, d, h, mi, s, zone] = m;
  const dayCheck = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  const validDay = dayCheck.getUTCFullYear() === Number(y) && dayCheck.getUTCMonth() === Number(mo) - 1 && dayCheck.getUTCDate() === Number(d);
  const validTime = h === undefined || (Number(h) < 24 && Number(mi) < 60 && (s === undefined || Number(s) < 60));
  const normalized = h !== undefined && !zone ? `${value.replace(' ', 'T')}Z` : value.replace(' ', 'T');
  const ms = Date.parse(normalized);
  if (!validDay || !validTime || Number.isNaN(ms)) throw new BadRequest(`occurredAt is not a valid date: "${value}"`);
  if (ms > now + FUTURE_GRACE_MS) throw new BadRequest(`occurredAt must not be in the future: "${value}"`);
  return ms;
}
