/**
 * The scanner's price history (loadPriceHistory: the daily minima of the 365 finished days before today, and
 * when each destination was last observed), kept up to date across a replay instead of re-read at every scan.
 * Finished days never change, so each is read once when the next day starts and leaves the window a year later;
 * the last-observed times are read as loadPriceHistory reads them. `sameAsDatabase` checks the copy against
 * loadPriceHistory itself.
 */
import type { Db } from "../../db/client.ts";
import { addDays, dayNumber, rduToday } from "../../src/domain/calendar.ts";
import {
  addObservationRow,
  HISTORY_DAYS,
  loadPriceHistory,
  OBSERVATION_COLUMNS,
  PriceHistory,
  readRecentState,
  type ObservationRow,
} from "../../src/server/fares/observations.ts";

const ROWS = `SELECT ${OBSERVATION_COLUMNS} FROM fare_observations
  WHERE source = $source AND observed_day >= $fromDay AND observed_day < $toDay ORDER BY id`;

export class ReplayHistoryLoader {
  private history: PriceHistory | null = null;

  constructor(private readonly db: Db) {}

  /** A drop-in for loadPriceHistory over this loader's database. */
  readonly load = (db: Db, source: string, now: Date): PriceHistory => {
    if (db !== this.db) throw new Error("a replay history belongs to one database");
    const today = rduToday(now);
    const from = addDays(today, -HISTORY_DAYS);
    if (!this.history) {
      this.history = new PriceHistory(today);
      this.append(source, from, today);
    } else if (this.history.today !== today) {
      this.append(source, this.history.today, today);
      const first = dayNumber(from);
      for (const [route, observations] of this.history.routes) {
        if (observations.length > 0 && observations[0]!.day < first)
          this.history.routes.set(
            route,
            observations.filter((o) => o.day >= first),
          );
      }
      this.history.today = today;
      this.history.derived = null;
    }
    readRecentState(this.db, source, now, this.history);
    return this.history;
  };

  private append(source: string, fromDay: string, toDay: string): void {
    const rows = this.db.$client.query(ROWS).values({ source, fromDay, toDay }) as ObservationRow[];
    for (const row of rows) addObservationRow(this.history!, row);
  }

  /** Whether the copy holds exactly what loadPriceHistory reads now (every route's observations, last observed). */
  sameAsDatabase(source: string, now: Date): boolean {
    const copy = this.load(this.db, source, now);
    const real = loadPriceHistory(this.db, source, now);
    const text = (history: PriceHistory) =>
      JSON.stringify([
        history.today,
        [...history.routes].map(([route, list]) => [route, list.map((o) => `${o.departDate}|${o.returnDate}|${o.price}|${o.day}`).sort()]).sort(),
        [...history.lastObserved].sort(),
        [...history.scanLevels].sort(),
      ]);
    return text(copy) === text(real);
  }
}
