/**
 * The world as a paid source that sweeps by discovery, for the budgeted replay (issue 15): discover() answers like
 * Travel Explore as the captures show it (explore-answer.ts, decision 119): some of the area's routes priced, chosen by
 * popularity, each the cheapest of its window's trips on any weekday the captures show, at a cached price —
 * confirm() is an exact, fresh search of one route and dates, and every call spends one search of a monthly budget,
 * paced like SerpApi's source: this scan's share is the month's searches left ÷ the scans left in the month. It
 * counts what it spent per month and which routes it priced in each 6-hour window.
 */
import { addDays, DAY_MS, dayNumber, HOUR_MS, rduToday } from "../../src/domain/calendar.ts";
import { DISCOVERY_AREAS, discoveryCovers, type DiscoveryArea } from "../../src/domain/discovery-areas.ts";
import {
  FareSourceError,
  type DiscoveryRequest,
  type DiscoveryRow,
  type FareQuote,
  type FareSource,
  type ProviderPricePoint,
  type SearchAllowance,
} from "../../src/server/fares/sources/fare-source.ts";
import { PROVIDER_HISTORY_HOUR_UTC } from "../../src/server/fares/sweep/discovery-sweep.ts";
import { searchesThisTick } from "../../src/server/fares/sweep/quota-pacing.ts";
import { exploreAnswer } from "./explore-answer.ts";
import { createWorldFareSource, worldQuote } from "./world-fare-source.ts";
import type { SyntheticWorld } from "./world.ts";

export const COVERAGE_WINDOW_MS = 6 * HOUR_MS;
const MAX_SEARCHES_PER_SCAN = 300;
/** Google Flights answers carry about 60 days of the search's daily price (`price_insights.price_history`). */
const PROVIDER_HISTORY_DAYS = 60;

/** The world's price of these exact dates on each of the days before `now`, as Google's price history lists it. */
function providerHistory(world: SyntheticWorld, quote: FareQuote, now: Date): ProviderPricePoint[] {
  const today = rduToday(now);
  const points: ProviderPricePoint[] = [];
  for (let back = PROVIDER_HISTORY_DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    const price = world.fare(quote.destination, quote.departDate, quote.returnDate, dayNumber(day) * DAY_MS + PROVIDER_HISTORY_HOUR_UTC * HOUR_MS);
    if (price !== null) points.push({ day, price });
  }
  return points;
}

/** Every answer the source gave, for the diagnosis of missed drops (diagnose-budget.ts); kept only when asked. */
export interface SourceTrace {
  discoveries: { at: number; request: Omit<DiscoveryRequest, "now">; rows: DiscoveryRow[] }[];
  confirms: { at: number; asked: FareQuote; answer: FareQuote | null }[];
}

export interface BudgetedWorldSource extends FareSource {
  /** Searches spent per calendar month (UTC), "YYYY-MM" → searches. */
  readonly spentByMonth: ReadonlyMap<string, number>;
  /** route|window index for every 6-hour window in which the route was priced. */
  readonly observed: ReadonlySet<string>;
  readonly trace: SourceTrace | null;
}

const monthKey = (at: number) => new Date(at).toISOString().slice(0, 7);

/** This scan and the ones after it, at `intervalMs`, before the first of next month (UTC). */
function scansLeftInMonth(now: number, intervalMs: number): number {
  const date = new Date(now);
  const monthEnd = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return Math.floor((monthEnd - 1 - now) / intervalMs) + 1;
}

export function createBudgetedWorldSource(
  world: SyntheticWorld,
  options: {
    warmStart: boolean;
    searchesPerMonth: number;
    scanIntervalMs: number;
    trace?: boolean;
    areas?: readonly DiscoveryArea[] | undefined;
    /** Answer Explore for exact dates, so the sweep makes its completeness pass (completeness-pass.ts). */
    exactDateExplore?: boolean | undefined;
  },
): BudgetedWorldSource {
  const base = createWorldFareSource(world, { warmStart: options.warmStart });
  const spentByMonth = new Map<string, number>();
  const observed = new Set<string>();
  let scan: (SearchAllowance & { at: number }) | null = null;
  const trace: SourceTrace | null = options.trace ? { discoveries: [], confirms: [] } : null;

  const allowance = async (now: Date): Promise<SearchAllowance> => {
    if (scan?.at !== now.getTime()) {
      const left = options.searchesPerMonth - (spentByMonth.get(monthKey(now.getTime())) ?? 0);
      const share = Math.min(MAX_SEARCHES_PER_SCAN, searchesThisTick(left, scansLeftInMonth(now.getTime(), options.scanIntervalMs)));
      scan = { at: now.getTime(), left, share, spent: 0 };
    }
    return scan;
  };
  const spendOne = async (now: Date) => {
    const current = await allowance(now);
    if (current.spent >= current.share) throw new FareSourceError("this scan's share of the budget is spent");
    current.spent++;
    const month = monthKey(now.getTime());
    spentByMonth.set(month, (spentByMonth.get(month) ?? 0) + 1);
  };
  const seen = (route: string, at: number) => observed.add(`${route}|${Math.floor(at / COVERAGE_WINDOW_MS)}`);

  return {
    name: base.name,
    sweep: "discovery",
    discoveryAreas: options.areas ?? DISCOVERY_AREAS,
    exactDateExplore: options.exactDateExplore ?? false,
    spentByMonth,
    observed,
    trace,
    allowance,
    ...(base.pastObservations ? { pastObservations: base.pastObservations } : {}),

    async search(request) {
      const quotes: FareQuote[] = [];
      let searched = 0;
      for (const search of request.searches) {
        try {
          await spendOne(request.now);
        } catch {
          break;
        }
        searched++;
        const quote = worldQuote(world, search, request.now);
        if (quote) quotes.push(quote);
        seen(search.destination, request.now.getTime());
      }
      return { quotes, searched, errors: [], quotaLeft: null };
    },

    async confirm(quote, now) {
      await spendOne(now);
      seen(quote.destination, now.getTime());
      const found = worldQuote(world, quote, now);
      const answer = found && { ...found, providerPriceHistory: providerHistory(world, found, now) };
      trace?.confirms.push({ at: now.getTime(), asked: quote, answer });
      return answer;
    },

    async discover(request) {
      await spendOne(request.now);
      const covered = world.routes.map((route) => route.code).filter((code) => discoveryCovers(request, code));
      const answer = exploreAnswer(`${world.spec.seed}|explore`, request, covered, (route, trip, at) =>
        world.fare(route, trip.departDate, trip.returnDate, at),
      );
      const rows: DiscoveryRow[] = answer.map((row) => {
        seen(row.destination, request.now.getTime());
        return {
          destination: row.destination,
          departDate: row.departDate,
          returnDate: row.returnDate,
          price: row.price,
          airline: worldQuote(world, { destination: row.destination, departDate: row.departDate, returnDate: row.returnDate, cabin: "economy" }, request.now)!
            .airline,
          airlineCode: null,
          stops: 0,
          durationMinutes: null,
        };
      });
      const { now, ...asked } = request;
      trace?.discoveries.push({ at: now.getTime(), request: asked, rows });
      return { rows, rawRows: rows.length, skipped: { noPrice: 0, noAirport: 0, noDates: 0 }, searched: 1, quotaLeft: null };
    },
  };
}

/** Share of (route, 6-hour window) pairs of [from, to) in which the route was priced. */
export function coverageEvery6h(source: BudgetedWorldSource, routes: readonly string[], from: number, to: number): number {
  const first = Math.ceil(from / COVERAGE_WINDOW_MS);
  const last = Math.floor(to / COVERAGE_WINDOW_MS);
  let hit = 0;
  let of = 0;
  for (let window = first; window < last; window++) {
    for (const route of routes) {
      of++;
      if (source.observed.has(`${route}|${window}`)) hit++;
    }
  }
  return of === 0 ? 0 : hit / of;
}
