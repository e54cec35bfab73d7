/**
 * The scanner's price history (loadPriceHistory: every observation of the last 365 days, by route and
 * departure month), kept up to date across a replay instead of re-read at every scan. Finished days never
 * change, so each is read once when the next day starts; the current day's rows are re-read at each scan, as
 * a later scan of the day can lower them; rows leave the window in the order they were observed, so each
 * bucket is a queue. `sameAsDatabase` checks the copy against loadPriceHistory itself.
 */
import type { Db } from "../../db/client.ts";
import { DAY_MS, monthOf, rduToday } from "../../src/domain/calendar.ts";
import { HISTORY_DAYS, loadPriceHistory, PriceHistory, routeKey } from "../../src/server/fares/observations.ts";

type Row = [origin: string, destination: string, tripType: "round_trip" | "one_way", cabin: "economy", departDate: string, price: number, observedAt: number];

const ROWS = `SELECT origin, destination, trip_type, cabin, depart_date, price, observed_at FROM fare_observations
  WHERE source = $source AND observed_day >= $fromDay AND observed_day < $toDay AND observed_at >= $since ORDER BY observed_at, id`;

/** Prices in the order they were observed; the oldest leave from the front. */
class PriceQueue {
  readonly prices: number[] = [];
  head = 0;
  live(): number[] {
    return this.prices.slice(this.head);
  }
}

interface RouteBuckets {
  all: PriceQueue;
  byMonth: Map<number, PriceQueue>;
}

class ReplayPriceHistory extends PriceHistory {
  readonly buckets = new Map<string, RouteBuckets>();
  /** Today's rows, re-read at every scan: route key → month → prices. */
  today = new Map<string, Map<number, number[]>>();

  override of(route: string, departDate: string): { month: readonly number[]; route: readonly number[] } {
    const month = monthOf(departDate);
    const buckets = this.buckets.get(route);
    const todays = this.today.get(route);
    let monthPrices: number[] | null = null;
    let routePrices: number[] | null = null;
    return {
      get month() {
        monthPrices ??= [...(buckets?.byMonth.get(month)?.live() ?? []), ...(todays?.get(month) ?? [])];
        return monthPrices;
      },
      get route() {
        routePrices ??= [...(buckets?.all.live() ?? []), ...[...(todays?.values() ?? [])].flat()];
        return routePrices;
      },
    };
  }
}

export class ReplayHistoryLoader {
  private readonly history = new ReplayPriceHistory();
  /** Finished rows in observed order, each with the queues it sits in. */
  private readonly finished: { observedAt: number; destination: string; queues: [PriceQueue, PriceQueue] }[] = [];
  private finishedHead = 0;
  /** Newest finished observation per destination. */
  private readonly newestFinished = new Map<string, number>();
  private currentDay: string | null = null;

  constructor(private readonly db: Db) {}

  /** A drop-in for loadPriceHistory over this loader's database. */
  readonly load = (db: Db, source: string, now: Date): PriceHistory => {
    if (db !== this.db) throw new Error("a replay history belongs to one database");
    const today = rduToday(now);
    const since = now.getTime() - HISTORY_DAYS * DAY_MS;
    if (this.currentDay !== today) {
      this.appendFinished(this.rows(source, this.currentDay ?? "", today, since));
      this.currentDay = today;
    }
    this.expireBefore(since);
    this.history.today = new Map();
    const lastObserved = this.history.lastObserved;
    lastObserved.clear();
    for (const [destination, at] of this.newestFinished) lastObserved.set(destination, at);
    for (const [origin, destination, tripType, cabin, departDate, price, observedAt] of this.rows(source, today, `${today}~`, since)) {
      const route = routeKey({ origin, destination, tripType, cabin });
      let byMonth = this.history.today.get(route);
      if (!byMonth) {
        byMonth = new Map();
        this.history.today.set(route, byMonth);
      }
      const prices = byMonth.get(monthOf(departDate));
      if (prices) prices.push(price);
      else byMonth.set(monthOf(departDate), [price]);
      if (observedAt > (lastObserved.get(destination) ?? 0)) lastObserved.set(destination, observedAt);
    }
    return this.history;
  };

  private rows(source: string, fromDay: string, toDay: string, since: number): Row[] {
    return this.db.$client.query(ROWS).values({ source, fromDay, toDay, since }) as Row[];
  }

  private appendFinished(rows: Row[]): void {
    for (const [origin, destination, tripType, cabin, departDate, price, observedAt] of rows) {
      const route = routeKey({ origin, destination, tripType, cabin });
      let buckets = this.history.buckets.get(route);
      if (!buckets) {
        buckets = { all: new PriceQueue(), byMonth: new Map() };
        this.history.buckets.set(route, buckets);
      }
      const month = monthOf(departDate);
      let monthQueue = buckets.byMonth.get(month);
      if (!monthQueue) {
        monthQueue = new PriceQueue();
        buckets.byMonth.set(month, monthQueue);
      }
      buckets.all.prices.push(price);
      monthQueue.prices.push(price);
      this.finished.push({ observedAt, destination, queues: [buckets.all, monthQueue] });
      this.newestFinished.set(destination, observedAt);
    }
  }

  private expireBefore(since: number): void {
    while (this.finishedHead < this.finished.length && this.finished[this.finishedHead]!.observedAt < since) {
      const row = this.finished[this.finishedHead++]!;
      row.queues[0].head++;
      row.queues[1].head++;
      if (this.newestFinished.get(row.destination) === row.observedAt) this.newestFinished.delete(row.destination);
    }
  }

  /** Whether the copy holds exactly what loadPriceHistory reads now (every route, every month, last observed). */
  sameAsDatabase(source: string, now: Date, routes: readonly string[]): boolean {
    const copy = this.load(this.db, source, now);
    const real = loadPriceHistory(this.db, source, now);
    const sorted = (prices: readonly number[]) => [...prices].sort((a, b) => a - b).join(",");
    for (const route of routes) {
      for (let month = 1; month <= 12; month++) {
        const date = `2000-${String(month).padStart(2, "0")}-15`;
        const [a, b] = [copy.of(route, date), real.of(route, date)];
        if (sorted(a.month) !== sorted(b.month) || sorted(a.route) !== sorted(b.route)) return false;
      }
    }
    const observed = (map: ReadonlyMap<string, number>) => JSON.stringify([...map].sort());
    return observed(copy.lastObserved) === observed(real.lastObserved);
  }
}
