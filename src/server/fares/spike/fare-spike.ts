/**
 * `npm run fares:spike` (docs/decisions/113): before paying for a plan, an operator looks at what a provider's Google
 * data is like from RDU, within a search cap. Every look goes through the provider's own fare source, whose budget
 * (paced-searches.ts) is given the whole cap as one scan's share: the same code that keeps a scan within its share
 * keeps the spike within its cap. The spike repeats a round of looks every interval:
 *
 * 1. Explore, a week in the next six months, of every area the provider searches: the catalogue routes each answer prices;
 * 2. a fresh Google Flights search of a few trips Explore showed in the first round, against Explore's price when
 *    that round's answer shows the same dates (repeated looks: when a change on Google Flights reaches Explore);
 * and in the first round only, where the provider offers them (SearchApi):
 * 3. Explore for one trip's exact dates in every area: does it list every route?
 * 4. one date grid around a trip, and Google Flights for a few of its cells: does the grid agree?
 */
import { addDays } from "../../../domain/calendar.ts";
import { DESTINATIONS } from "../../../domain/destinations.ts";
import { discoveryAreaOf, type DiscoveryArea } from "../../../domain/discovery-areas.ts";
import type { DiscoveryRequest, DiscoveryResult, DiscoveryRow, FareQuote, FareSource, SearchAllowance } from "../sources/fare-source.ts";
import { candidateQuote } from "../sweep/discovery-sweep.ts";
import type { ExactDatesLook, GridCheck, SpikeLooks, TripLook } from "./fare-spike-figures.ts";
import type { DateGrid, DateGridRequest } from "../sources/searchapi-calendar.ts";
import type { ExploreDates } from "../sources/searchapi-explore.ts";
import { messageOf } from "../../../domain/error-text.ts";

/** A cron that never runs again before a month ends: the whole month's share is this one "scan" (the spike). */
export const SPIKE_SCHEDULE = "@yearly";

/** The calls a spike makes: a fare source that sweeps by discovery, with SearchApi's extras when it has them. */
export interface SpikeSource extends FareSource {
  allowance(now: Date): Promise<SearchAllowance>;
  discover(request: DiscoveryRequest): Promise<DiscoveryResult>;
  confirm(quote: FareQuote, now: Date): Promise<FareQuote | null>;
  discoverOn?(request: DiscoveryRequest, dates: ExploreDates): Promise<DiscoveryResult>;
  dateGrid?(request: DateGridRequest, now: Date): Promise<DateGrid>;
}

export interface SpikeOptions {
  source: SpikeSource;
  cap: number;
  hours: number;
  everyMinutes: number;
  /** Trips followed on Google Flights every round. */
  trackTrips?: number;
  /** Grid cells checked against Google Flights. */
  gridChecks?: number;
  clock?: () => Date;
  wait?: (ms: number) => Promise<void>;
  progress?: (line: string) => void;
}

const MINUTE_MS = 60_000;
const CATALOGUE = new Set(DESTINATIONS.map((d) => d.code));
const routesOf = (area: DiscoveryArea) => DESTINATIONS.filter((d) => discoveryAreaOf(d.code) === area).map((d) => d.code);
const tripKey = (row: Pick<DiscoveryRow, "destination" | "departDate" | "returnDate">) => `${row.destination} ${row.departDate}→${row.returnDate}`;

export async function runFareSpike(options: SpikeOptions): Promise<SpikeLooks> {
  const { source, cap } = options;
  const clock = options.clock ?? (() => new Date());
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const progress = options.progress ?? (() => {});
  // Every call is budgeted as one scan begun at the spike's start: its share is the cap (or what the account has left).
  const budgetAt = clock();
  const allowance = await source.allowance(budgetAt);
  const areas = source.discoveryAreas ?? [];
  const looks: SpikeLooks = {
    provider: source.name,
    cap,
    spent: 0,
    startedAt: budgetAt.getTime(),
    endedAt: budgetAt.getTime(),
    explore: [],
    trips: [],
    exactDates: source.discoverOn ? [] : null,
    gridCells: null,
    gridChecks: source.dateGrid ? [] : null,
    errors: [],
  };
  const canSpend = () => allowance.spent < allowance.share && !allowance.refusal;
  /** One call, or null when the cap is spent or the provider failed (the failure is reported). */
  const attempt = async <T>(what: string, call: () => Promise<T>): Promise<T | null> => {
    if (!canSpend()) return null;
    try {
      return await call();
    } catch (error) {
      looks.errors.push(`${what}: ${messageOf(error)}`);
      return null;
    }
  };
  const request = (area: DiscoveryArea): DiscoveryRequest => ({ now: budgetAt, tripKind: "week", month: null, area, nonstopOnly: false });
  const flightsPrice = async (row: DiscoveryRow, what: string) =>
    (await attempt(what, () => source.confirm(candidateQuote(row, source.name), budgetAt)))?.price ?? null;

  let tracked: DiscoveryRow[] = [];
  for (let round = 0; clock().getTime() - looks.startedAt <= options.hours * 60 * MINUTE_MS && canSpend(); round++) {
    const at = clock().getTime();
    const shown = new Map<string, DiscoveryRow>();
    for (const area of areas) {
      const answer = await attempt(`Explore ${area}`, () => source.discover(request(area)));
      if (!answer) continue;
      const priced = answer.rows.filter((row) => CATALOGUE.has(row.destination) && discoveryAreaOf(row.destination) === area);
      looks.explore.push({ area, at, places: answer.rawRows, pricedRoutes: priced.length, areaRoutes: routesOf(area).length });
      for (const row of priced) shown.set(tripKey(row), row);
    }
    if (round === 0) tracked = pickSpread([...shown.values()], options.trackTrips ?? 3);
    for (const trip of tracked) {
      const flights = await flightsPrice(trip, `Google Flights ${tripKey(trip)}`);
      if (flights === null && !canSpend()) break;
      looks.trips.push({ trip: tripKey(trip), at, flights, explore: shown.get(tripKey(trip))?.price ?? null } satisfies TripLook);
    }
    if (round === 0 && tracked[0]) await firstRoundOnly(tracked[0]);
    progress(`round ${round + 1}: ${allowance.spent} of ${cap} searches spent`);
    const next = at + options.everyMinutes * MINUTE_MS;
    if (next - looks.startedAt > options.hours * 60 * MINUTE_MS || !canSpend()) break;
    await wait(Math.max(0, next - clock().getTime()));
  }

  async function firstRoundOnly(trip: DiscoveryRow): Promise<void> {
    const dates = { departDate: trip.departDate, returnDate: trip.returnDate };
    for (const area of source.discoverOn ? areas : []) {
      const answer = await attempt(`exact-date Explore ${area}`, () => source.discoverOn!(request(area), dates));
      if (!answer) continue;
      const listed = new Set(answer.rows.map((row) => row.destination)).intersection(new Set(routesOf(area)));
      looks.exactDates!.push({
        area,
        dates: `${dates.departDate}..${dates.returnDate}`,
        listedRoutes: listed.size,
        areaRoutes: routesOf(area).length,
      } satisfies ExactDatesLook);
    }
    if (!source.dateGrid) return;
    const grid = await attempt(`date grid ${trip.destination}`, () =>
      source.dateGrid!(
        {
          destination: trip.destination,
          departFrom: addDays(trip.departDate, -3),
          departTo: addDays(trip.departDate, 3),
          returnFrom: addDays(trip.returnDate, -3),
          returnTo: addDays(trip.returnDate, 3),
          nonstopOnly: false,
        },
        budgetAt,
      ),
    );
    if (!grid) return;
    looks.gridCells = grid.cells.length;
    const cells = pickSpread(
      [...grid.cells].sort((a, b) => a.price - b.price),
      options.gridChecks ?? 3,
    );
    for (const cell of cells) {
      const row = { ...trip, departDate: cell.departDate, returnDate: cell.returnDate };
      const flights = await flightsPrice(row, `Google Flights ${tripKey(row)}`);
      looks.gridChecks!.push({ trip: tripKey(row), grid: cell.price, flights } satisfies GridCheck);
    }
  }

  looks.spent = allowance.spent;
  looks.endedAt = clock().getTime();
  return looks;
}

/** Up to `count` items spread evenly over the list (its first, its last, and between). */
function pickSpread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / Math.max(1, count - 1))]!);
}
