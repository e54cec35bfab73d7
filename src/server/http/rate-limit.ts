import { HttpError } from "./errors.ts";

/**
 * Counts events per key in a sliding window, in memory: one process serves the product, so one map is the
 * truth. Old entries are dropped as keys are touched, and the map is swept when it grows.
 */
export class RateLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Seconds until another event is allowed for this key, or 0 when one is allowed now. */
  retryAfterSeconds(key: string, now: Date): number {
    const recent = this.recent(key, now.getTime());
    if (recent.length < this.limit) return 0;
    return Math.max(1, Math.ceil((recent[0]! + this.windowMs - now.getTime()) / 1000));
  }

  record(key: string, now: Date): void {
    if (this.events.size > 10_000) this.sweep(now.getTime());
    this.events.set(key, [...this.recent(key, now.getTime()), now.getTime()]);
  }

  reset(key: string): void {
    this.events.delete(key);
  }

  /** Throws 429 when the key is over its limit; otherwise counts this event. */
  take(key: string, now: Date, message: string): void {
    const wait = this.retryAfterSeconds(key, now);
    if (wait > 0) throw tooManyRequests(message, wait);
    this.record(key, now);
  }

  private recent(key: string, nowMs: number): number[] {
    return (this.events.get(key) ?? []).filter((at) => at > nowMs - this.windowMs);
  }

  private sweep(nowMs: number): void {
    for (const [key, times] of this.events) {
      if (times.every((at) => at <= nowMs - this.windowMs)) this.events.delete(key);
    }
  }
}

export function tooManyRequests(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, message, { "retry-after": String(retryAfterSeconds) });
}
