export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 100;

/**
 * spec § svc_search: `limit` (alias `topK`) defaults to 10 and is clamped to 1..100 — out-of-range values
 * are clamped, never rejected; when both are sent, `limit` wins. Fractions round down.
 */
export function resolveSearchLimit(limit?: number, topK?: number): number {
  const requested = limit ?? topK ?? SEARCH_DEFAULT_LIMIT;
  if (!Number.isFinite(requested)) return requested > 0 ? SEARCH_MAX_LIMIT : 1;
  return Math.min(SEARCH_MAX_LIMIT, Math.max(1, Math.floor(requested)));
}
