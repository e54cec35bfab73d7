/**
 * A Travel Explore answer as the captures show one (issue 43 item 5), for the budgeted replay: Google lists an area's
 * places by popularity and prices only some of them, each priced place's trip is the cheapest of many weekdays and
 * lengths, and the prices are Google's cached ones, seen through the provider's own hour-long cache. Pure: the world's
 * fare and a seeded key come in. The captures are ../shared/provider-payloads/serpapi-explore/nyc-usd-explore-destinations.json
 * (NYC, weekend), serpapi-explore/osl-nok-travel-duration-2.json (OSL, week) and searchapi/google_travel_explore-zag-eur-
 * flights-only-tool-io.json (ZAG, week); each assumption below names the one it comes from (decision 119).
 *
 * Exact-date Explore (a request's `dates`, the sweep's completeness pass, decision 139): the answer prices each place
 * for that one trip. Assumed, as no capture of an exact-date answer exists (`npm run fares:spike` measures it): the
 * same share of places priced by popularity as a window's answer, and the same cache lag.
 */
import { addDays, dayNumber, HOUR_MS, isoDateOfDay, monthOf, rduToday, weekdayOf } from "../../src/domain/calendar.ts";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { discoveryCovers } from "../../src/domain/discovery-areas.ts";
import type { DiscoveryRequest } from "../../src/server/fares/sources/fare-source.ts";
import type { DatePair } from "../../src/server/fares/sweep/scan-plan.ts";
import { seededRandom } from "../../src/server/fares/sources/seeded-random.ts";

/**
 * A weekend's trips: leave Thursday (3–4 nights), Friday (2–3) or Saturday (1–2), back on Sunday or Monday. These six
 * are every (weekday, nights) of the NYC capture's 85 rows (Thu 3: 17, Thu 4: 10, Fri 2: 1, Fri 3: 3, Sat 1: 16, Sat 2: 17).
 */
export const WEEKEND_TRIPS: readonly { weekday: number; nights: number }[] = [
  { weekday: 4, nights: 3 },
  { weekday: 4, nights: 4 },
  { weekday: 5, nights: 2 },
  { weekday: 5, nights: 3 },
  { weekday: 6, nights: 1 },
  { weekday: 6, nights: 2 },
];
/** A week's trips leave Thursday to Monday (0 = Sunday), 6–9 nights: the OSL and ZAG captures' 135 rows; none leaves on a Tuesday or Wednesday. */
export const WEEK_DEPARTURE_WEEKDAYS: readonly number[] = [4, 5, 6, 0, 1];
export const WEEK_NIGHTS: readonly number[] = [6, 7, 8, 9];

/**
 * Share of places priced by their place in Google's list (most popular first), the three captures pooled: places 1–40
 * 59 of 60 priced, 41–60 33 of 60, 61 and after 19 of 62.
 */
export const PRICED_SHARE_BY_POSITION: readonly { upTo: number; share: number }[] = [
  { upTo: 40, share: 59 / 60 },
  { upTo: 60, share: 33 / 60 },
  { upTo: Number.POSITIVE_INFINITY, share: 19 / 62 },
];
/**
 * A route's popularity is the number of airlines flying it from RDU (src/domain/destinations.ts) times a factor drawn
 * per answer from [1 − jitter, 1 + jitter]; its place in the list is its rank among the area's catalogue routes (RDU's
 * nonstop markets taken as the area's most popular places). Assumed: each capture shows one order, not how it moves.
 */
export const POPULARITY_JITTER = 0.5;
/**
 * Google's cached price of a route is 0, 1 or 2 hours old, equally likely. Assumed: no capture says its age, and the
 * NYC capture's project found 10 of 10 Explore prices equal to a fresh Google Flights search (TribePride/nyc-flights
 * docs/research.md), so it is short; `npm run fares:spike` measures it (decision 113).
 */
export const GOOGLE_CACHE_HOURS: readonly number[] = [0, 1, 2];
/** The provider's cache: "Cache expires after 1h" (SerpApi's Explore reference; SearchApi's is the same): a whole answer 0 or 1 hour old. */
export const PROVIDER_CACHE_HOURS: readonly number[] = [0, 1];

/** A six-month answer's departures; a month's answer looks at the next such month within nine months. */
const SIX_MONTHS_DAYS = 183;
const MONTH_REACH_DAYS = 270;

/** The trips of a discovery's kind and window that Explore takes the cheapest of, departing from tomorrow. */
export function exploreTrips(request: Pick<DiscoveryRequest, "now" | "tripKind" | "month" | "dates">): DatePair[] {
  if (request.dates) return [{ departDate: request.dates.departDate, returnDate: request.dates.returnDate }];
  const today = rduToday(request.now);
  const first = dayNumber(today) + 1;
  const last = dayNumber(today) + (request.month === null ? SIX_MONTHS_DAYS : MONTH_REACH_DAYS);
  const trips: DatePair[] = [];
  let monthYear: string | null = null;
  for (let day = first; day <= last; day++) {
    const departDate = isoDateOfDay(day);
    if (request.month !== null) {
      if (monthOf(departDate) !== request.month) continue;
      monthYear ??= departDate.slice(0, 7);
      if (departDate.slice(0, 7) !== monthYear) break;
    }
    const weekday = weekdayOf(departDate);
    const nights =
      request.tripKind === "weekend"
        ? WEEKEND_TRIPS.filter((trip) => trip.weekday === weekday).map((trip) => trip.nights)
        : WEEK_DEPARTURE_WEEKDAYS.includes(weekday)
          ? WEEK_NIGHTS
          : [];
    for (const n of nights) trips.push({ departDate, returnDate: addDays(departDate, n) });
  }
  return trips;
}

/** The chance that the place at this position (1 = most popular) carries a price. */
export function pricedShare(position: number): number {
  return PRICED_SHARE_BY_POSITION.find((band) => position <= band.upTo)!.share;
}

const airlinesOf = new Map(DESTINATIONS.map((d) => [d.code, d.airlines.length]));

/** The list position of each catalogue route the discovery covers: 1 for a route searched by its own airport. */
export function listPositions(request: Pick<DiscoveryRequest, "area" | "destination">, random: () => number): Map<string, number> {
  const scored = DESTINATIONS.filter((d) => discoveryCovers(request, d.code)).map((d) => ({
    code: d.code,
    popularity: (airlinesOf.get(d.code) ?? 1) * (1 - POPULARITY_JITTER + 2 * POPULARITY_JITTER * random()),
  }));
  scored.sort((a, b) => b.popularity - a.popularity || a.code.localeCompare(b.code));
  return new Map(scored.map((route, index) => [route.code, index + 1]));
}

export interface ExploreRow extends DatePair {
  destination: string;
  price: number;
  /** How old the price is: Google's cache plus the provider's. */
  lagHours: number;
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;

/**
 * One answer: for each of `routes` (the world's routes the discovery covers) that Google prices this time, the cheapest
 * of the window's trips at the moment its cached price was taken. `key` seeds the answer's randomness (world seed and
 * request); `fare` is the world's price of a trip at a moment, null where it has none.
 */
export function exploreAnswer(
  key: string,
  request: DiscoveryRequest,
  routes: readonly string[],
  fare: (route: string, trip: DatePair, at: number) => number | null,
): ExploreRow[] {
  const dates = request.dates ? `|${request.dates.departDate}..${request.dates.returnDate}` : "";
  const random = seededRandom(`${key}|${request.area}|${request.destination ?? ""}|${request.tripKind}|${request.month}|${request.now.getTime()}${dates}`);
  const positions = listPositions(request, random);
  const providerLag = pick(PROVIDER_CACHE_HOURS, random);
  const trips = exploreTrips(request);
  const rows: ExploreRow[] = [];
  for (const route of routes) {
    const position = positions.get(route);
    const priced = random() < pricedShare(position ?? Number.POSITIVE_INFINITY);
    const lagHours = providerLag + pick(GOOGLE_CACHE_HOURS, random);
    if (position === undefined || !priced) continue;
    const at = request.now.getTime() - lagHours * HOUR_MS;
    let cheapest: ExploreRow | null = null;
    for (const trip of trips) {
      const price = fare(route, trip, at);
      if (price !== null && (!cheapest || price < cheapest.price)) cheapest = { destination: route, ...trip, price, lagHours };
    }
    if (cheapest) rows.push(cheapest);
  }
  return rows;
}
