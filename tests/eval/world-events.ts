/**
 * What happens to the evaluation world's fares besides noise, drawn once per world and seed: planted sales
 * (the ground truth of recall), route-wide spikes, and in the "trends" world fare wars and a yearly trend per
 * route. Times are epoch milliseconds.
 */
import { DAY_MS, HOUR_MS, isoDateOfDay } from "../../src/domain/calendar.ts";
import { tripDatePairs, type DatePair } from "../../src/server/fares/sweep/scan-plan.ts";
import { seededRandom } from "../../src/server/fares/sources/seeded-random.ts";
import type { WorldRoute } from "./world-routes.ts";

export type WorldKind = "stationary" | "trends";

export const YEAR_MS = 365 * DAY_MS;

/** A sale on some date pairs of one route: their fare is exactly `depth` below the true typical price. */
export interface Sale {
  id: number;
  route: string;
  start: number;
  end: number;
  depth: number;
  pairs: DatePair[];
}

/** One date pair of a sale: the unit recall is counted in. */
export interface PlantedDrop {
  saleId: number;
  route: string;
  departDate: string;
  returnDate: string;
  start: number;
  end: number;
  depth: number;
}

/** Every fare of a route rises by `height` for a day or three (an event in town, a cancelled flight). */
export interface Spike {
  route: string;
  start: number;
  end: number;
  height: number;
}

/** A route's whole price level falls by `depth` for weeks: down over 2 days, level, back up over 4 days. */
export interface FareWar {
  id: number;
  route: string;
  start: number;
  fullFrom: number;
  fullUntil: number;
  end: number;
  depth: number;
}

export interface WorldEvents {
  sales: Sale[];
  drops: PlantedDrop[];
  spikes: Spike[];
  wars: FareWar[];
  /** Yearly price trend per route, 0.1 = +10 % a year (0 in the stationary world). */
  trendPerYear: Map<string, number>;
}

/** Depths of planted sales: 25 % twice as often, so "exactly 25 %" has a sample of its own. */
export const SALE_DEPTHS = [0.15, 0.2, 0.25, 0.25, 0.3, 0.35, 0.4, 0.5] as const;
export const SALES_PER_ROUTE_YEAR = 12;
export const SPIKES_PER_ROUTE_YEAR = 4;
export const WAR_CHANCE_PER_ROUTE_YEAR = 0.35;
const SALE_MIN_HOURS = 24;
const SALE_MAX_HOURS = 120;
const SALE_MIN_DAYS_AHEAD = 28;
const SALE_MAX_DAYS_AHEAD = 220;
const WAR_RAMP_IN_MS = 2 * DAY_MS;
const WAR_RAMP_OUT_MS = 4 * DAY_MS;

/** Start times of a Poisson process with `perYear` events a year, within [from, to). */
function poissonTimes(random: () => number, perYear: number, from: number, to: number): number[] {
  const times: number[] = [];
  for (let t = from; ; ) {
    t += (-Math.log(1 - random()) / perYear) * YEAR_MS;
    if (t >= to) return times;
    times.push(Math.floor(t));
  }
}

const between = (random: () => number, low: number, high: number) => low + (high - low) * random();
const overlaps = (a: { start: number; end: number }, start: number, end: number) => a.start < end && start < a.end;

function spikesOf(random: () => number, route: string, from: number, to: number): Spike[] {
  return poissonTimes(random, SPIKES_PER_ROUTE_YEAR, from, to).map((start) => ({
    route,
    start,
    end: start + Math.round(between(random, 24, 72)) * HOUR_MS,
    height: between(random, 0.15, 0.4),
  }));
}

/** At most one fare war per route and 365-day slot, each wholly inside its slot. */
function warsOf(random: () => number, route: string, from: number, to: number, nextId: () => number): FareWar[] {
  const wars: FareWar[] = [];
  for (let slot = from; slot + YEAR_MS <= to + DAY_MS; slot += YEAR_MS) {
    if (random() >= WAR_CHANCE_PER_ROUTE_YEAR) continue;
    const holdMs = Math.round(between(random, 21, 56)) * DAY_MS;
    const lengthMs = WAR_RAMP_IN_MS + holdMs + WAR_RAMP_OUT_MS;
    const start = Math.floor(between(random, slot, slot + YEAR_MS - lengthMs));
    const fullFrom = start + WAR_RAMP_IN_MS;
    wars.push({ id: nextId(), route, start, fullFrom, fullUntil: fullFrom + holdMs, end: start + lengthMs, depth: between(random, 0.2, 0.35) });
  }
  return wars;
}

/**
 * Sales on one route. Each covers one to four date pairs of the scan grid departing 28–220 days later, so
 * the scanner asks about them for the whole sale. A sale never overlaps a spike or fare war of its route
 * (a day either side), and a date pair is never in two sales at once: each planted drop has one clear truth.
 */
function salesOf(random: () => number, route: string, from: number, to: number, blocked: { start: number; end: number }[], nextId: () => number): Sale[] {
  const sales: Sale[] = [];
  const busyPairs = new Map<string, { start: number; end: number }[]>();
  for (const start of poissonTimes(random, SALES_PER_ROUTE_YEAR, from, to)) {
    const end = start + Math.round(between(random, SALE_MIN_HOURS, SALE_MAX_HOURS)) * HOUR_MS;
    const depth = SALE_DEPTHS[Math.floor(random() * SALE_DEPTHS.length)]!;
    const startDay = Math.floor(start / DAY_MS);
    const eligible = tripDatePairs(isoDateOfDay(startDay)).filter((pair) => {
      const daysAhead = Date.parse(pair.departDate) / DAY_MS - startDay;
      return daysAhead >= SALE_MIN_DAYS_AHEAD && daysAhead <= SALE_MAX_DAYS_AHEAD;
    });
    const wanted = 1 + Math.floor(random() * 4);
    const pairs: DatePair[] = [];
    while (pairs.length < wanted && eligible.length > 0) pairs.push(eligible.splice(Math.floor(random() * eligible.length), 1)[0]!);
    if (blocked.some((event) => overlaps(event, start - DAY_MS, end + DAY_MS))) continue;
    const free = pairs.filter((pair) => !(busyPairs.get(pairKey(pair)) ?? []).some((sale) => overlaps(sale, start, end)));
    if (free.length === 0) continue;
    for (const pair of free) {
      const key = pairKey(pair);
      busyPairs.set(key, [...(busyPairs.get(key) ?? []), { start, end }]);
    }
    sales.push({ id: nextId(), route, start, end, depth, pairs: free });
  }
  return sales;
}

export const pairKey = (pair: DatePair) => `${pair.departDate}|${pair.returnDate}`;

export function scheduleEvents(kind: WorldKind, seed: number, routes: readonly WorldRoute[], from: number, to: number): WorldEvents {
  let lastId = 0;
  const nextId = () => ++lastId;
  const events: WorldEvents = { sales: [], drops: [], spikes: [], wars: [], trendPerYear: new Map() };
  for (const { code } of routes) {
    const random = seededRandom(`${seed}|${kind}|events|${code}`);
    const spikes = spikesOf(random, code, from, to);
    const wars = kind === "trends" ? warsOf(random, code, from, to, nextId) : [];
    const sales = salesOf(random, code, from, to, [...spikes, ...wars], nextId);
    const trend = kind === "trends" ? (random() < 0.5 ? -1 : 1) * between(random, 0.05, 0.15) : 0;
    events.spikes.push(...spikes);
    events.wars.push(...wars);
    events.sales.push(...sales);
    events.trendPerYear.set(code, trend);
  }
  events.drops = events.sales.flatMap((sale) =>
    sale.pairs.map((pair) => ({ saleId: sale.id, route: sale.route, ...pair, start: sale.start, end: sale.end, depth: sale.depth })),
  );
  return events;
}
