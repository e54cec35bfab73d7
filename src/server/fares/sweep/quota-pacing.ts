/**
 * Spending a monthly search quota evenly: each tick may use (searches left ÷ ticks left in the month). The
 * fraction is dithered with the golden ratio so, say, 100 searches over 120 ticks become one search at most
 * ticks, spread across the month rather than bunched at either end; the last tick may use all that is left
 * and no tick ever uses more than is left.
 */
import { Cron } from "croner";

const GOLDEN_RATIO_FRACTION = 0.6180339887498949;
const MAX_TICKS_COUNTED = 50_000;

export function searchesThisTick(searchesLeft: number, ticksLeft: number): number {
  if (searchesLeft <= 0) return 0;
  if (ticksLeft <= 1) return Math.floor(searchesLeft);
  const dither = (ticksLeft * GOLDEN_RATIO_FRACTION) % 1;
  return Math.min(Math.floor(searchesLeft), Math.floor(searchesLeft / ticksLeft + dither));
}

/** This tick plus the schedule's remaining runs before the first day of next month (UTC). */
export function ticksLeftInMonth(schedule: string, now: Date): number {
  const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const cron = new Cron(schedule, { paused: true, timezone: "UTC" });
  let ticks = 1;
  for (const run of cron.enumerate(now)) {
    if (run.getTime() >= monthEnd || ticks >= MAX_TICKS_COUNTED) break;
    ticks++;
  }
  cron.stop();
  return ticks;
}
