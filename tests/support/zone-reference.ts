/**
 * A reference for zoned wall times, independent of the code under test: a zone's UTC offsets over a span, read from
 * Intl's calendar fields (not its offset names, which @date-fns/tz reads), with each change found to the minute; then
 * the instant a wall time begins is, by definition, the earliest instant whose wall clock reads that time or later
 * (a skipped time: the moment the clocks jump; a repeated one: its first occurrence).
 */
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

export interface OffsetSpan {
  /** From this instant (ms) until the next span's start, the zone is `offsetMs` ahead of UTC. */
  start: number;
  offsetMs: number;
}

function offsetReader(timeZone: string): (at: number) => number {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  return (at) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]));
    const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
    return wall - Math.floor(at / 1000) * 1000;
  };
}

/**
 * The zone's offsets from `fromMs` to `toMs`: read a week apart, and wherever two readings differ, the change is found
 * to the minute by bisection and the reading goes on from it (so two changes within one week are both found, unless
 * the second undoes the first).
 */
export function offsetSpans(timeZone: string, fromMs: number, toMs: number): OffsetSpan[] {
  const offsetAt = offsetReader(timeZone);
  const spans: OffsetSpan[] = [{ start: Number.NEGATIVE_INFINITY, offsetMs: offsetAt(fromMs) }];
  for (let at = fromMs; at < toMs; ) {
    const current = spans.at(-1)!.offsetMs;
    const next = Math.min(at + WEEK_MS, toMs);
    if (offsetAt(next) === current) {
      at = next;
      continue;
    }
    let [low, high] = [at, next];
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetAt(middle) === current) low = middle;
      else high = middle;
    }
    spans.push({ start: high, offsetMs: offsetAt(high) });
    at = high;
  }
  return spans;
}

/** The earliest instant whose wall clock in the zone reads `date` at `hour`:00 or later. */
export function referenceInstant(spans: readonly OffsetSpan[], date: string, hour: number): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour);
  for (let i = 0; i < spans.length; i++) {
    const at = Math.max(spans[i]!.start, wall - spans[i]!.offsetMs);
    if (at < (spans[i + 1]?.start ?? Number.POSITIVE_INFINITY)) return at;
  }
  throw new Error(`no instant for ${date} ${hour}:00`);
}

/** Every date from `first` to `last`, inclusive. */
export function datesFrom(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += DAY_MS) dates.push(new Date(at).toISOString().slice(0, 10));
  return dates;
}
