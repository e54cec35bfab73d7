import { HttpError } from "./errors.ts";

/**
 * Counts attempts per key in a sliding window, in memory: one process serves the product, so one map is the
 * truth. An attempt is counted the moment it is asked for, before the work it guards (a password check, a
 * provider call) starts, so attempts sent in parallel are counted as they arrive and can never exceed the limit.
 * Old entries are dropped as keys are touched, and the map is swept when it grows.
 */
export class RateLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts this attempt, or throws 429 with Retry-After when the key has used its limit. Call before the work. */
  attempt(key: string, now: Date, message: string): void {
    const wait = this.count(key, now);
    if (wait > 0) throw tooManyRequests(message, wait);
  }

  /** The same count for a caller that must answer alike either way: true when this attempt may go ahead. */
  tryAttempt(key: string, now: Date): boolean {
    return this.count(key, now) === 0;
  }

  /** Takes back the key's latest attempt: one that succeeded and should not count against it. */
  refund(key: string): void {
    this.events.get(key)?.pop();
  }

  reset(key: string): void {
    this.events.delete(key);
  }

  /** Records the attempt and answers 0, or answers the seconds until the key may try again (recording nothing). */
  private count(key: string, now: Date): number {
    const nowMs = now.getTime();
    if (this.events.size > 10_000) this.sweep(nowMs);
    const recent = (this.events.get(key) ?? []).filter((at) => at > nowMs - this.windowMs);
    if (recent.length >= this.limit) {
      this.events.set(key, recent);
      return Math.max(1, Math.ceil((recent[0]! + this.windowMs - nowMs) / 1000));
    }
    recent.push(nowMs);
    this.events.set(key, recent);
    return 0;
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
