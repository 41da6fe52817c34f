/**
 * Slows password guessing on the sign-in page: after MAX_FAILURES wrong passwords for one email within
 * WINDOW_MS, that email is locked until the window ends (counted per daemon process; a restart forgets).
 * Keyed by email rather than address so a guesser cannot spread attempts over many addresses.
 */
export class SignInThrottle {
  static readonly MAX_FAILURES = 5;
  static readonly WINDOW_MS = 15 * 60 * 1000;
  private readonly failures = new Map<string, { count: number; since: number }>();

  private entry(email: string, now: number) {
    const key = email.trim().toLowerCase();
    const e = this.failures.get(key);
    if (e && now - e.since >= SignInThrottle.WINDOW_MS) {
      this.failures.delete(key);
      return { key, e: undefined };
    }
    return { key, e };
  }

  /** Seconds until the email may try again, or 0 when it may try now. */
  lockedFor(email: string, now = Date.now()): number {
    const { e } = this.entry(email, now);
    if (!e || e.count < SignInThrottle.MAX_FAILURES) return 0;
    return Math.ceil((e.since + SignInThrottle.WINDOW_MS - now) / 1000);
  }

  fail(email: string, now = Date.now()): void {
    const { key, e } = this.entry(email, now);
    this.failures.set(key, e ? { ...e, count: e.count + 1 } : { count: 1, since: now });
  }

  succeed(email: string): void {
    this.failures.delete(email.trim().toLowerCase());
  }
}
