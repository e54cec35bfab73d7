/**
 * The synthetic fare world the deal rules are measured in. Every fare is
 *
 *   true typical price × fare war × spike × exp(volatility × noise), or the sale price during a planted sale,
 *
 * where the TRUE TYPICAL PRICE of a route, dates and moment is base fare × season (interpolated between
 * mid-months) × holiday peak × trip kind (Fri→Sun dearer, Sat→Sat cheaper) × advance-purchase curve ×
 * yearly trend; the noise is a standard normal (no floor, symmetric in log price) made of a route-level part
 * that wanders over ~10 days, a date-pair part over ~4 days and an independent part per scan; and a planted
 * sale's price is exactly `depth` below the true typical price. Fare wars and spikes are departures from the
 * typical price, not part of it. Pure and deterministic: the same seed gives the same world.
 */
import { DAY_MS, dayNumber, HOUR_MS, weekdayOf } from "../../src/domain/calendar.ts";
import { hashText, normalDraw, seededRandomOfHash, wanderBetweenKnots } from "../../src/server/fares/sources/seeded-random.ts";
import { pairKey, scheduleEvents, YEAR_MS, type FareWar, type Sale, type Spike, type WorldEvents, type WorldKind } from "./world-events.ts";
import { SEASONS, WORLD_ROUTES, type WorldRoute } from "./world-routes.ts";

export interface WorldSpec {
  kind: WorldKind;
  seed: number;
  /** When the replay starts (ms); the world also covers the year before it, for history. */
  replayStart: number;
  replayDays: number;
}

/** [days ahead, factor]: dear in the last three weeks, cheapest about two months out, a little dearer far out. */
const ADVANCE_CURVE: readonly (readonly [number, number])[] = [
  [0, 1.45],
  [7, 1.3],
  [14, 1.13],
  [21, 1.05],
  [35, 1.0],
  [60, 0.97],
  [100, 0.98],
  [160, 1.0],
  [240, 1.05],
  [400, 1.08],
];

export const WEEKEND_FACTOR = 1.04;
export const WEEK_LONG_FACTOR = 0.96;
const ONE_WAY_FACTOR = 0.58;

/** Weights of the three noise parts; their squares add up to 1, so the sum is a standard normal. */
const LEVEL_WEIGHT = Math.sqrt(0.16);
const PAIR_WEIGHT = Math.sqrt(0.42);
const SCAN_WEIGHT = Math.sqrt(0.42);
const LEVEL_KNOT_MS = 10 * DAY_MS;
const PAIR_KNOT_MS = 4 * DAY_MS;

export function advanceFactor(daysAhead: number): number {
  const curve = ADVANCE_CURVE;
  if (daysAhead <= curve[0]![0]) return curve[0]![1];
  for (let i = 1; i < curve.length; i++) {
    const [days, factor] = curve[i]!;
    if (daysAhead <= days) {
      const [prevDays, prevFactor] = curve[i - 1]!;
      return prevFactor + ((factor - prevFactor) * (daysAhead - prevDays)) / (days - prevDays);
    }
  }
  return curve[curve.length - 1]![1];
}

/** The month factor, linear between the middles of neighbouring months. */
export function seasonFactor(season: readonly number[], departDate: string): number {
  const [year, month, day] = departDate.split("-").map(Number) as [number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const position = month - 1 + (day - 0.5) / daysInMonth - 0.5;
  const below = Math.floor(position);
  const weight = position - below;
  return season[(below + 12) % 12]! * (1 - weight) + season[(below + 13) % 12]! * weight;
}

/** Day number of the n-th given weekday (0 = Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = Date.UTC(year, month - 1, 1) / DAY_MS;
    return first + ((weekday - ((first + 4) % 7) + 7) % 7) + 7 * (n - 1);
  }
  const last = Date.UTC(year, month, 0) / DAY_MS;
  return last - ((((last + 4) % 7) - weekday + 7) % 7);
}

/** Holiday peaks by departure date; spring break only on sun and beach routes. */
export function holidayFactor(departDate: string, season: WorldRoute["season"]): number {
  const monthDay = departDate.slice(5);
  if (monthDay >= "12-18" || monthDay <= "01-02") return 1.3;
  const year = Number(departDate.slice(0, 4));
  const day = dayNumber(departDate);
  const thanksgiving = nthWeekday(year, 11, 4, 4);
  if (day >= thanksgiving - 4 && day <= thanksgiving + 1) return 1.25;
  if (monthDay >= "06-30" && monthDay <= "07-05") return 1.1;
  const memorialDay = nthWeekday(year, 5, 1, -1);
  const laborDay = nthWeekday(year, 9, 1, 1);
  if ((day >= memorialDay - 3 && day <= memorialDay - 2) || (day >= laborDay - 3 && day <= laborDay - 2)) return 1.1;
  if ((season === "sun" || season === "beach") && monthDay >= "03-06" && monthDay <= "03-22") return 1.12;
  return 1;
}

export type TripKind = "weekend" | "week-long" | "other" | "one-way";

export function tripKindOf(departDate: string, returnDate: string | null): TripKind {
  if (!returnDate) return "one-way";
  const nights = dayNumber(returnDate) - dayNumber(departDate);
  const weekday = weekdayOf(departDate);
  if (nights === 2 && weekday === 5) return "weekend";
  if (nights === 7 && weekday === 6) return "week-long";
  return "other";
}

const TRIP_KIND_FACTOR: Readonly<Record<TripKind, number>> = {
  weekend: WEEKEND_FACTOR,
  "week-long": WEEK_LONG_FACTOR,
  other: 1,
  "one-way": ONE_WAY_FACTOR,
};

/**
 * What every fare of one route and dates shares, worked out once: the replay prices the same date pairs millions of
 * times. Each noise key starts with `${seed}|${code}|${departDate}|${returnDate}`, whose hash is kept to carry on from.
 */
interface PairFacts {
  route: WorldRoute;
  /** base fare × season × holiday peak × trip kind, multiplied in typicalPrice's order. */
  datesFactor: number;
  departMs: number;
  sales: Sale[] | undefined;
  keyHash: number;
  /** Draws at the knots of the pair's wandering noise lately asked for. */
  knotDraws: Map<number, number>;
}

/** A draw at a knot, kept with a few others (times come mostly in order, so a few cover them). */
function keptDraw(kept: Map<number, number>, knot: number, draw: (knot: number) => number): number {
  let value = kept.get(knot);
  if (value === undefined) {
    if (kept.size >= 8) kept.clear();
    value = draw(knot);
    kept.set(knot, value);
  }
  return value;
}

export class SyntheticWorld {
  readonly routes: readonly WorldRoute[] = WORLD_ROUTES;
  readonly events: WorldEvents;
  /** The year of history before the replay starts, then the replay. */
  readonly historyStart: number;
  readonly replayEnd: number;
  private readonly routeByCode = new Map(WORLD_ROUTES.map((r) => [r.code, r]));
  private readonly salesByKey = new Map<string, Sale[]>();
  private readonly spikesByRoute = new Map<string, Spike[]>();
  private readonly warsByRoute = new Map<string, FareWar[]>();
  /** Route → departure date → return date ("" one way) → facts. */
  private readonly pairFacts = new Map<string, Map<string, Map<string, PairFacts>>>();
  private readonly levelDraws = new Map<string, Map<number, number>>();

  constructor(readonly spec: WorldSpec) {
    this.historyStart = spec.replayStart - YEAR_MS;
    this.replayEnd = spec.replayStart + spec.replayDays * DAY_MS;
    this.events = scheduleEvents(spec.kind, spec.seed, this.routes, this.historyStart, this.replayEnd);
    for (const sale of this.events.sales) {
      for (const pair of sale.pairs) push(this.salesByKey, `${sale.route}|${pairKey(pair)}`, sale);
    }
    for (const spike of this.events.spikes) push(this.spikesByRoute, spike.route, spike);
    for (const war of this.events.wars) push(this.warsByRoute, war.route, war);
  }

  route(code: string): WorldRoute | undefined {
    return this.routeByCode.get(code);
  }

  /** The facts of a route and dates (null: a route outside the world). */
  private factsOf(code: string, departDate: string, returnDate: string | null): PairFacts | null {
    // Nested maps, not one map keyed by a joined string: a trip's date strings are the same objects across an answer's
    // routes, so their hashes are reused, where a joined key is a new string to hash at every call (a fifth of a replay).
    const route = this.routeByCode.get(code);
    if (!route) return null;
    let byDepart = this.pairFacts.get(code);
    if (!byDepart) {
      byDepart = new Map();
      this.pairFacts.set(code, byDepart);
    }
    let byReturn = byDepart.get(departDate);
    if (!byReturn) {
      byReturn = new Map();
      byDepart.set(departDate, byReturn);
    }
    const known = byReturn.get(returnDate ?? "");
    if (known) return known;
    const key = `${code}|${departDate}|${returnDate ?? ""}`;
    const facts: PairFacts = {
      route,
      datesFactor:
        route.baseFare *
        seasonFactor(SEASONS[route.season], departDate) *
        holidayFactor(departDate, route.season) *
        TRIP_KIND_FACTOR[tripKindOf(departDate, returnDate)],
      departMs: dayNumber(departDate) * DAY_MS,
      sales: this.salesByKey.get(key),
      keyHash: hashText(`${this.spec.seed}|${key}`),
      knotDraws: new Map(),
    };
    byReturn.set(returnDate ?? "", facts);
    return facts;
  }

  /** The price the world would quote for these dates at this moment without noise, sales, spikes or fare wars. */
  typicalPrice(code: string, departDate: string, returnDate: string | null, at: number): number {
    const facts = this.factsOf(code, departDate, returnDate);
    if (!facts) throw new Error(`no route ${code} in the world`);
    return this.typicalOf(facts, code, at);
  }

  private typicalOf(facts: PairFacts, code: string, at: number): number {
    const daysAhead = (facts.departMs - at) / DAY_MS;
    const years = (at - this.spec.replayStart) / YEAR_MS;
    return facts.datesFactor * advanceFactor(daysAhead) * (1 + (this.events.trendPerYear.get(code) ?? 0)) ** years;
  }

  /** The planted sale on these dates at this moment, if any. */
  saleAt(code: string, departDate: string, returnDate: string | null, at: number): Sale | null {
    return saleDuring(this.salesByKey.get(`${code}|${departDate}|${returnDate ?? ""}`), at);
  }

  /** The fare-war factor of a route's whole level at this moment (1 = no war). */
  warFactor(code: string, at: number): number {
    const war = this.warsByRoute.get(code)?.find((w) => w.start <= at && at < w.end);
    if (!war) return 1;
    if (at < war.fullFrom) return 1 - (war.depth * (at - war.start)) / (war.fullFrom - war.start);
    if (at < war.fullUntil) return 1 - war.depth;
    return 1 - (war.depth * (war.end - at)) / (war.end - war.fullUntil);
  }

  spikeFactor(code: string, at: number): number {
    const spike = this.spikesByRoute.get(code)?.find((s) => s.start <= at && at < s.end);
    return spike ? 1 + spike.height : 1;
  }

  /** The fare's deviation from typical in standard deviations of the route (before its volatility scales it). */
  noise(code: string, departDate: string, returnDate: string | null, at: number): number {
    const facts = this.factsOf(code, departDate, returnDate);
    if (!facts) throw new Error(`no route ${code} in the world`);
    return this.noiseOf(facts, code, at);
  }

  private noiseOf(facts: PairFacts, code: string, at: number): number {
    return (
      LEVEL_WEIGHT * wanderBetweenKnots((knot) => this.levelDraw(code, knot), at, LEVEL_KNOT_MS) +
      PAIR_WEIGHT *
        wanderBetweenKnots(
          (knot) => keptDraw(facts.knotDraws, knot, (k) => normalDraw(seededRandomOfHash(hashText(`|pair|${k}`, facts.keyHash)))),
          at,
          PAIR_KNOT_MS,
        ) +
      SCAN_WEIGHT * normalDraw(seededRandomOfHash(hashText(`|${Math.floor(at / HOUR_MS)}`, facts.keyHash)))
    );
  }

  /** The draw at a knot of a route's wandering level. */
  private levelDraw(code: string, knot: number): number {
    let kept = this.levelDraws.get(code);
    if (!kept) {
      kept = new Map();
      this.levelDraws.set(code, kept);
    }
    return keptDraw(kept, knot, (k) => normalDraw(seededRandomOfHash(hashText(`${this.spec.seed}|${code}|level|${k}`))));
  }

  /** The fare without its noise: the sale price during a planted sale, else typical × fare war × spike. */
  noiselessPrice(code: string, departDate: string, returnDate: string | null, at: number): number {
    const typical = this.typicalPrice(code, departDate, returnDate, at);
    const sale = this.saleAt(code, departDate, returnDate, at);
    return sale ? typical * (1 - sale.depth) : typical * this.warFactor(code, at) * this.spikeFactor(code, at);
  }

  /** The cheapest fare for these dates at this moment, in whole dollars; null for a route outside the world. */
  fare(code: string, departDate: string, returnDate: string | null, at: number): number | null {
    const facts = this.factsOf(code, departDate, returnDate);
    if (!facts) return null;
    const typical = this.typicalOf(facts, code, at);
    const sale = saleDuring(facts.sales, at);
    if (sale) return Math.round(typical * (1 - sale.depth));
    const noisy = typical * this.warFactor(code, at) * this.spikeFactor(code, at) * Math.exp(facts.route.volatility * this.noiseOf(facts, code, at));
    return Math.max(1, Math.round(noisy));
  }
}

function saleDuring(sales: readonly Sale[] | undefined, at: number): Sale | null {
  return sales?.find((sale) => sale.start <= at && at < sale.end) ?? null;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
