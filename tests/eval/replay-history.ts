/**
 * The scanner's price history (loadPriceHistory: the daily minima of the 365 finished days before today, and
 * when each destination was last observed), kept up to date across a replay instead of re-read at every scan.
 * Each finished day is read when the next day starts and leaves the window a year later; a finished day written
 * later (Google's price history of a confirmed search lists the days before it) is logged by temporary triggers and
 * applied at the next load. The last-observed times are read as loadPriceHistory reads them. `sameAsDatabase`
 * checks the copy against loadPriceHistory itself.
 */
import type { Db } from "../../db/client.ts";
import { addDays, dayNumber, rduToday } from "../../src/domain/calendar.ts";
import {
  HISTORY_DAYS,
  loadPriceHistory,
  OBSERVATION_COLUMNS,
  PriceHistory,
  observationOfRow,
  readRecentState,
  routeKeyOfRow,
  type Observation,
  type ObservationRow,
} from "../../src/server/fares/judge/observations.ts";

const ROWS = `SELECT ${OBSERVATION_COLUMNS} FROM fare_observations
  WHERE source = $source AND observed_day >= $fromDay AND observed_day < $toDay ORDER BY id`;
// The few changed rows drive the join (CROSS JOIN keeps that order): led by the source and day index, SQLite read every
// row of the year's window to test it against the changed ids, at each load.
const CHANGED_ROWS = `SELECT ${OBSERVATION_COLUMNS} FROM replay_changed_observations AS changed
  CROSS JOIN fare_observations ON fare_observations.id = changed.id
  WHERE source = $source AND observed_day >= $fromDay AND observed_day < $toDay ORDER BY observed_day, fare_observations.id`;

const observationKey = (route: string, departDate: string, returnDate: string, day: number) => `${route}|${departDate}|${returnDate}|${day}`;

export class ReplayHistoryLoader {
  private history: PriceHistory | null = null;
  /** The copy's observations by route, dates and day, to apply a finished day's later change. */
  private readonly byKey = new Map<string, Observation>();

  constructor(private readonly db: Db) {
    db.$client.run("CREATE TEMP TABLE IF NOT EXISTS replay_changed_observations (id INTEGER PRIMARY KEY)");
    for (const event of ["INSERT", "UPDATE"])
      db.$client.run(
        `CREATE TEMP TRIGGER IF NOT EXISTS replay_observation_${event.toLowerCase()} AFTER ${event} ON fare_observations
         BEGIN INSERT OR IGNORE INTO replay_changed_observations (id) VALUES (new.id); END`,
      );
  }

  /** A drop-in for loadPriceHistory over this loader's database. */
  readonly load = (db: Db, source: string, now: Date): PriceHistory => {
    if (db !== this.db) throw new Error("a replay history belongs to one database");
    const today = rduToday(now);
    const from = addDays(today, -HISTORY_DAYS);
    if (!this.history) {
      this.history = new PriceHistory(today);
      this.append(source, from, today);
    } else {
      this.applyChanges(source, from, this.history.today);
      if (this.history.today !== today) {
        this.append(source, this.history.today, today);
        const first = dayNumber(from);
        for (const [route, observations] of this.history.routes) {
          if (observations.length === 0 || observations[0]!.day >= first) continue;
          for (const o of observations) if (o.day < first) this.byKey.delete(observationKey(route, o.departDate, o.returnDate, o.day));
          this.history.routes.set(
            route,
            observations.filter((o) => o.day >= first),
          );
        }
        this.history.today = today;
        this.history.derived.clear();
      }
    }
    this.db.$client.run("DELETE FROM replay_changed_observations");
    readRecentState(this.db, source, now, this.history);
    return this.history;
  };

  private append(source: string, fromDay: string, toDay: string): void {
    const rows = this.db.$client.query<ObservationRow, Record<string, string>>(ROWS).iterate({ source, fromDay, toDay });
    for (const row of rows) this.add(row);
  }

  private add(row: ObservationRow): void {
    const route = routeKeyOfRow(row);
    const observation = observationOfRow(row);
    this.history!.add(route, observation);
    this.byKey.set(observationKey(route, observation.departDate, observation.returnDate, observation.day), observation);
  }

  /** Rows of days the copy already holds that were written since the last load: a new day's minimum, or a lower one. */
  private applyChanges(source: string, fromDay: string, toDay: string): void {
    const rows = this.db.$client.query<ObservationRow, Record<string, string>>(CHANGED_ROWS).all({ source, fromDay, toDay });
    for (const row of rows) {
      const route = routeKeyOfRow(row);
      const known = this.byKey.get(observationKey(route, row.depart_date, row.return_date, dayNumber(row.observed_day)));
      if (!known) this.add(row);
      else if (known.price !== row.price) {
        known.price = row.price;
        this.history!.derived.delete(route);
      }
    }
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
