/**
 * The embedded fare market: what the cheapest round trip from RDU costs for a route, dates and moment
 * (docs/decisions/053). The ordinary fare is the route's base fare × season × holiday peak × trip kind × days to
 * departure (simulated-calendar.ts); each quote adds noise that is symmetric in log price, with no floor or ceiling.
 * On top come sales (a route's fares for one departure month cut 23–40 % for three days, about one starting a day
 * across the network) and rare mistake fares (one route's fares for one departure month 50–62 % off for six hours,
 * about three a month across the network). Every random draw is seeded by route + dates + time bucket, so the same
 * question always gets the same answer.
 */
import { addDays, DAY_MS, daysBetween, HOUR_MS, monthOf, rduToday } from "../../../domain/calendar.ts";
import { HOME_AIRPORT, tripTypeOf, type FareQuote, type FareSearch } from "./fare-source.ts";
import { normalDraw, seededRandom, wanderingNormal } from "./seeded-random.ts";
import { advanceFactor, holidayFactor, seasonFactor, tripFactor } from "./simulated-calendar.ts";
import { CONNECTING_CARRIERS, ROUTE_PROFILES } from "./simulated-routes.ts";

export const SIMULATED_SOURCE = "simulated";

/**
 * The noise's standard deviation in log price, and how it is made: a route-wide part that wanders over ~10 days,
 * a part of the date pair that wanders over ~4 days and a part of each hour's quote (weights whose squares add
 * up to 1), so a low fare lasts a while, as fares do between a carrier's fare filings.
 */
const NOISE_SHARE = 0.07;
const ROUTE_WEIGHT = Math.sqrt(0.2);
const PAIR_WEIGHT = Math.sqrt(0.4);
const QUOTE_WEIGHT = Math.sqrt(0.4);
const ROUTE_KNOT_MS = 10 * DAY_MS;
const PAIR_KNOT_MS = 4 * DAY_MS;
const SALE_CHANCE_PER_ROUTE_DAY = 0.015;
const SALE_DAYS = 3;
/** Per route and six-hour window: 81 routes × 4 windows × ~30 days × 0.0003 ≈ 3 mistake fares a month. */
export const MISTAKE_CHANCE_PER_ROUTE_WINDOW = 0.0003;
export const MISTAKE_WINDOW_MS = 6 * HOUR_MS;
/** A guard, not a floor: no fare is quoted below it (tests/market/fresh-install.ts measures how rarely it binds). */
export const MIN_FARE = 29;

/** YYYY-MM of the departure month `ahead` months after the day's month. */
function monthAhead(day: string, ahead: number): string {
  const index = monthOf(day) - 1 + ahead;
  const year = Number(day.slice(0, 4)) + Math.floor(index / 12);
  return `${year}-${String((index % 12) + 1).padStart(2, "0")}`;
}

interface Markdown {
  /** YYYY-MM of the departures it covers. */
  month: string;
  factor: number;
}

/** The sale that started on this route on this day, if any: 23–40 % off one departure month 1–5 months ahead. */
function saleStartingOn(code: string, startDay: string): Markdown | null {
  const random = seededRandom(`${code}|sale|${startDay}`);
  if (random() >= SALE_CHANCE_PER_ROUTE_DAY) return null;
  const month = monthAhead(startDay, 1 + Math.floor(random() * 5));
  return { month, factor: 0.6 + 0.17 * random() };
}

const salesCache = new Map<string, Markdown[]>();

/** Sales running on a route on a day: those that started within the last SALE_DAYS days. */
function salesRunning(code: string, observedDay: string): Markdown[] {
  const key = `${code}|${observedDay}`;
  let sales = salesCache.get(key);
  if (!sales) {
    sales = [];
    for (let back = 0; back < SALE_DAYS; back++) {
      const sale = saleStartingOn(code, addDays(observedDay, -back));
      if (sale) sales.push(sale);
    }
    if (salesCache.size > 50_000) salesCache.clear();
    salesCache.set(key, sales);
  }
  return sales;
}

/** The deepest sale running on this route for this departure, as a price factor (1 = no sale); none on holiday peaks. */
function saleFactor(code: string, departDate: string, observedDay: string): number {
  if (holidayFactor(departDate) > 1) return 1;
  let factor = 1;
  for (const sale of salesRunning(code, observedDay)) {
    if (departDate.startsWith(sale.month)) factor = Math.min(factor, sale.factor);
  }
  return factor;
}

/** The mistake fare on this route during this six-hour window, if any: 50–62 % off one departure month 1–6 months ahead. */
export function mistakeFareOn(code: string, observedAt: Date): Markdown | null {
  const window = Math.floor(observedAt.getTime() / MISTAKE_WINDOW_MS);
  const random = seededRandom(`${code}|mistake|${window}`);
  if (random() >= MISTAKE_CHANCE_PER_ROUTE_WINDOW) return null;
  const month = monthAhead(rduToday(observedAt), 1 + Math.floor(random() * 6));
  return { month, factor: 0.38 + 0.12 * random() };
}

function mistakeFactor(code: string, departDate: string, observedAt: Date): number {
  const mistake = mistakeFareOn(code, observedAt);
  return mistake && departDate.startsWith(mistake.month) ? mistake.factor : 1;
}

/** What cut this departure's fare on this route at this moment, if anything: for measuring where deals come from. */
export function markdownOf(code: string, departDate: string, observedAt: Date): "mistake fare" | "sale" | null {
  if (mistakeFactor(code, departDate, observedAt) < 1) return "mistake fare";
  if (saleFactor(code, departDate, rduToday(observedAt)) < 1) return "sale";
  return null;
}

/** The route's ordinary fare for these dates at this moment: before noise, sales and mistake fares; null for an unknown route. */
export function ordinaryFare(search: FareSearch, observedAt: Date): number | null {
  const profile = ROUTE_PROFILES.get(search.destination);
  if (!profile) return null;
  return (
    profile.baseFare *
    seasonFactor(profile.season, search.departDate) *
    holidayFactor(search.departDate) *
    tripFactor(search.departDate, search.returnDate) *
    advanceFactor(daysBetween(rduToday(observedAt), search.departDate))
  );
}

/** The cheapest fare the simulated market offers for this search at this moment; null for an unknown route. */
export function simulatedFare(search: FareSearch, observedAt: Date): FareQuote | null {
  const profile = ROUTE_PROFILES.get(search.destination);
  const market = ordinaryFare(search, observedAt);
  if (!profile || market === null) return null;
  const code = search.destination;
  const observedDay = rduToday(observedAt);
  const key = `${code}|${search.departDate}|${search.returnDate ?? ""}`;

  const at = observedAt.getTime();
  const quoteRandom = seededRandom(`${key}|${Math.floor(at / HOUR_MS)}`);
  const noise = Math.exp(
    NOISE_SHARE *
      (ROUTE_WEIGHT * wanderingNormal(`${code}|level`, at, ROUTE_KNOT_MS) +
        PAIR_WEIGHT * wanderingNormal(`${key}|pair`, at, PAIR_KNOT_MS) +
        QUOTE_WEIGHT * normalDraw(quoteRandom)),
  );
  const nonstopPrice = market * noise * saleFactor(code, search.departDate, observedDay) * mistakeFactor(code, search.departDate, observedAt);
  const connectingPrice = market * noise * (0.93 + 0.25 * quoteRandom());
  const airlines = profile.destination.airlines;
  const nonstopAirline = airlines[Math.floor(quoteRandom() * airlines.length)] ?? "American";
  const connectingAirline = CONNECTING_CARRIERS[Math.floor(quoteRandom() * CONNECTING_CARRIERS.length)]!;
  const nonstopMinutes = Math.round(35 + profile.miles / 8.2);
  const nonstop = nonstopPrice <= connectingPrice;

  return {
    origin: HOME_AIRPORT,
    destination: code,
    tripType: tripTypeOf(search.returnDate),
    cabin: search.cabin,
    nonstop,
    departDate: search.departDate,
    returnDate: search.returnDate,
    price: Math.max(MIN_FARE, Math.round(nonstop ? nonstopPrice : connectingPrice)),
    airline: nonstop ? nonstopAirline : connectingAirline,
    durationMinutes: nonstop ? nonstopMinutes : nonstopMinutes + 95 + Math.floor(quoteRandom() * 150),
    providerTypicalLow: null,
    providerTypicalHigh: null,
    source: SIMULATED_SOURCE,
    cached: false,
  };
}
