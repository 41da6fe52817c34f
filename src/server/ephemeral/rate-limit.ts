/**
 * A fixed-window counter per client address. In memory on purpose: it guards one daemon's unauthenticated
 * endpoint against bursts, and a restart forgetting it is harmless.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; windowStart: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds to wait when over the limit, or 0 when the call may proceed (and is counted). */
  take(client: string, now = Date.now()): number {
    const h = this.hits.get(client);
    if (!h || now - h.windowStart >= this.windowMs) {
      this.hits.set(client, { count: 1, windowStart: now });
      if (this.hits.size > 10_000) this.sweep(now);
      return 0;
    }
    if (h.count >= this.limit) return Math.ceil((h.windowStart + this.windowMs - now) / 1000);
    h.count++;
    return 0;
  }

  private sweep(now: number): void {
    for (const [k, v] of this.hits) if (now - v.windowStart >= this.windowMs) this.hits.delete(k);
  }
}
