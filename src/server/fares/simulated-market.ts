/**
 * The embedded fare market: what the cheapest round trip from RDU costs for a route, dates and moment.
 * A base fare from distance and carrier mix, seasonality by departure month and holidays, day of week, trip
 * length and days to departure, a slow market drift, noise, occasional sales (a route's fares for one
 * departure month cut by 23–40% for two days) and rare mistake fares (50–62% off for six hours). Every
 * random draw is seeded by route + dates + time bucket, so the same question always gets the same answer.
 */
import { DESTINATIONS, type Destination } from "../../domain/destinations.ts";
import { daysBetween, DAY_MS, HOUR_MS, monthOf, rduToday, weekdayOf, addDays } from "../../domain/calendar.ts";
import { HOME_AIRPORT, tripTypeOf, type FareQuote, type FareSearch } from "./fare-source.ts";
import { normalDraw, seededRandom } from "./seeded-random.ts";

export const SIMULATED_SOURCE = "simulated";

/** Great-circle miles from RDU, rounded. */
const MILES_FROM_RDU: Readonly<Record<string, number>> = {
  ALB: 530,
  ATL: 356,
  AUS: 1160,
  BDL: 530,
  BNA: 442,
  BOS: 612,
  BTV: 690,
  BUF: 480,
  BWI: 255,
  BZN: 1900,
  CLE: 415,
  CLT: 130,
  CMH: 370,
  CVG: 390,
  DAL: 1050,
  DCA: 227,
  DEN: 1440,
  DFW: 1062,
  DTW: 500,
  EWR: 416,
  EYW: 820,
  FLL: 680,
  HOU: 1045,
  HVN: 475,
  IAD: 224,
  IAH: 1042,
  IND: 490,
  ISP: 470,
  JAX: 407,
  JFK: 427,
  LAS: 2020,
  LAX: 2240,
  LGA: 431,
  MCI: 907,
  MCO: 534,
  MDW: 635,
  MIA: 700,
  MHT: 630,
  MKE: 690,
  MSP: 980,
  MSY: 785,
  ORD: 646,
  PBI: 620,
  PDX: 2360,
  PGD: 636,
  PHL: 336,
  PHX: 1890,
  PIE: 560,
  PIT: 332,
  PNS: 575,
  PVD: 570,
  PWM: 710,
  ROC: 490,
  RSW: 640,
  SAN: 2190,
  SAT: 1210,
  SEA: 2340,
  SFB: 520,
  SFO: 2400,
  SLC: 1840,
  SRQ: 590,
  STL: 670,
  SWF: 470,
  SYR: 540,
  TPA: 575,
  TTN: 380,
  VPS: 600,
  BDA: 850,
  CDG: 3990,
  FRA: 4220,
  KEF: 2870,
  LHR: 3820,
  MBJ: 1240,
  MEX: 1580,
  PTY: 1890,
  PUJ: 1420,
  SJU: 1470,
  YUL: 720,
  YVR: 2430,
  YYC: 1880,
  YYZ: 500,
};

type Season = "default" | "sun" | "summerBeach" | "europe" | "mountain";

/** Price factor by departure month, January first. */
const SEASONS: Readonly<Record<Season, readonly number[]>> = {
  default: [0.86, 0.88, 1.0, 0.98, 1.02, 1.12, 1.14, 1.02, 0.92, 0.96, 0.98, 1.08],
  sun: [1.06, 1.12, 1.18, 1.02, 0.92, 0.96, 0.98, 0.88, 0.82, 0.88, 0.96, 1.1],
  summerBeach: [0.8, 0.82, 0.95, 1.0, 1.12, 1.25, 1.25, 1.05, 0.9, 0.88, 0.84, 0.9],
  europe: [0.78, 0.76, 0.88, 0.98, 1.08, 1.28, 1.32, 1.18, 1.02, 0.94, 0.84, 0.98],
  mountain: [1.0, 1.0, 1.06, 0.92, 0.98, 1.14, 1.2, 1.1, 0.96, 0.9, 0.88, 1.04],
};

const SEASON_OF: Readonly<Record<string, Season>> = {
  FLL: "sun",
  MIA: "sun",
  MCO: "sun",
  TPA: "sun",
  RSW: "sun",
  PBI: "sun",
  EYW: "sun",
  PGD: "sun",
  PIE: "sun",
  SFB: "sun",
  SRQ: "sun",
  JAX: "sun",
  SJU: "sun",
  PUJ: "sun",
  MBJ: "sun",
  MEX: "sun",
  PTY: "sun",
  PHX: "sun",
  LAS: "sun",
  PNS: "summerBeach",
  VPS: "summerBeach",
  BDA: "summerBeach",
  PWM: "summerBeach",
  BTV: "summerBeach",
  LHR: "europe",
  CDG: "europe",
  FRA: "europe",
  KEF: "europe",
  DEN: "mountain",
  SLC: "mountain",
  BZN: "mountain",
  YVR: "mountain",
  YYC: "mountain",
  SEA: "mountain",
  PDX: "mountain",
};

/** Departure weekday factor, Sunday first. */
const WEEKDAY_FACTOR = [1.03, 1.0, 0.95, 0.96, 1.01, 1.04, 0.98];

const LOW_COST_CARRIERS = new Set(["Spirit", "Frontier", "Breeze", "Allegiant", "Avelo", "Sun Country"]);
const CONNECTING_CARRIERS = ["American", "Delta", "United"];

const SALE_CHANCE_PER_ROUTE_DAY = 0.03;
const SALE_DAYS = 2;
const MISTAKE_CHANCE = 0.0006;
const MISTAKE_WINDOW_MS = 6 * HOUR_MS;
const NOISE_SHARE = 0.06;
const DRIFT_SHARE = 0.035;
// Fares sit on a floor (the lowest fare bucket) and spike more easily than they drop: a noise draw below
// FLOOR_Z standard deviations never happens, so only sales and mistakes reach deep below typical.
const FLOOR_Z = -1.6;
const CEILING_Z = 3;

const skewedDraw = (random: () => number) => Math.min(CEILING_Z, Math.max(FLOOR_Z, normalDraw(random)));

interface RouteProfile {
  destination: Destination;
  miles: number;
  baseFare: number;
  season: readonly number[];
}

function carrierFactor(airlines: readonly string[]): number {
  if (airlines.some((airline) => LOW_COST_CARRIERS.has(airline))) return 0.8;
  if (airlines.length >= 3) return 0.92;
  if (airlines.length === 1) return 1.12;
  return 1;
}

function profileOf(destination: Destination): RouteProfile {
  const miles = MILES_FROM_RDU[destination.code] ?? 1000;
  const international = destination.region === "international";
  const distanceFare = international ? 240 + 0.16 * miles : 115 + 0.13 * miles;
  const quirk = 0.9 + 0.2 * seededRandom(`${destination.code}|route`)();
  return {
    destination,
    miles,
    baseFare: distanceFare * carrierFactor(destination.airlines) * quirk,
    season: SEASONS[SEASON_OF[destination.code] ?? "default"],
  };
}

const PROFILES: ReadonlyMap<string, RouteProfile> = new Map(DESTINATIONS.map((d) => [d.code, profileOf(d)]));

export function simulatedRoutes(): string[] {
  return [...PROFILES.keys()];
}

function holidayFactor(departDate: string): number {
  const monthDay = departDate.slice(5);
  if (monthDay >= "12-19" || monthDay <= "01-03") return 1.18;
  if (monthDay >= "11-20" && monthDay <= "11-29") return 1.12;
  return 1;
}

function advanceFactor(daysAhead: number): number {
  if (daysAhead < 7) return 1.5;
  if (daysAhead < 14) return 1.28;
  if (daysAhead < 21) return 1.12;
  if (daysAhead < 60) return 1;
  if (daysAhead < 120) return 0.98;
  if (daysAhead < 180) return 1;
  return 1.05;
}

interface Sale {
  /** YYYY-MM of the departures on sale. */
  month: string;
  factor: number;
}

/** Sales that started on this route on this day (at most one). */
function salesStartingOn(code: string, startDay: string): Sale[] {
  const random = seededRandom(`${code}|sale|${startDay}`);
  if (random() >= SALE_CHANCE_PER_ROUTE_DAY) return [];
  const monthIndex = monthOf(startDay) - 1 + 1 + Math.floor(random() * 5);
  const year = Number(startDay.slice(0, 4)) + Math.floor(monthIndex / 12);
  return [{ month: `${year}-${String((monthIndex % 12) + 1).padStart(2, "0")}`, factor: 0.6 + 0.17 * random() }];
}

const salesCache = new Map<string, Sale[]>();

/** Sales running on a route on a day: those that started within the last SALE_DAYS days. */
function salesRunning(code: string, observedDay: string): Sale[] {
  const key = `${code}|${observedDay}`;
  let sales = salesCache.get(key);
  if (!sales) {
    sales = [];
    for (let back = 0; back < SALE_DAYS; back++) sales.push(...salesStartingOn(code, addDays(observedDay, -back)));
    if (salesCache.size > 50_000) salesCache.clear();
    salesCache.set(key, sales);
  }
  return sales;
}

/** The deepest sale running on this route for this departure, as a price factor (1 = no sale). */
function saleFactor(code: string, departDate: string, observedDay: string): number {
  if (holidayFactor(departDate) > 1) return 1;
  let factor = 1;
  for (const sale of salesRunning(code, observedDay)) {
    if (departDate.startsWith(sale.month)) factor = Math.min(factor, sale.factor);
  }
  return factor;
}

function mistakeFactor(key: string, observedAt: Date): number {
  const random = seededRandom(`${key}|mistake|${Math.floor(observedAt.getTime() / MISTAKE_WINDOW_MS)}`);
  return random() < MISTAKE_CHANCE ? 0.38 + 0.12 * random() : 1;
}

/** The cheapest fare the simulated market offers for this search at this moment; null for an unknown route. */
export function simulatedFare(search: FareSearch, observedAt: Date): FareQuote | null {
  const profile = PROFILES.get(search.destination);
  if (!profile) return null;
  const code = search.destination;
  const observedDay = rduToday(observedAt);
  const daysAhead = daysBetween(observedDay, search.departDate);
  const nights = search.returnDate ? daysBetween(search.departDate, search.returnDate) : 0;
  const key = `${code}|${search.departDate}|${search.returnDate ?? ""}`;

  const drift = Math.exp(
    DRIFT_SHARE * skewedDraw(seededRandom(`${code}|${search.departDate.slice(0, 7)}|drift|${Math.floor(observedAt.getTime() / (7 * DAY_MS))}`)),
  );
  const quoteRandom = seededRandom(`${key}|${Math.floor(observedAt.getTime() / HOUR_MS)}`);
  const noise = Math.exp(NOISE_SHARE * skewedDraw(quoteRandom));
  const oneWayFactor = search.returnDate ? 1 : 0.62;
  const market =
    profile.baseFare *
    profile.season[monthOf(search.departDate) - 1]! *
    holidayFactor(search.departDate) *
    WEEKDAY_FACTOR[weekdayOf(search.departDate)]! *
    (nights > 0 && nights <= 3 ? 1.02 : 1) *
    advanceFactor(daysAhead) *
    oneWayFactor *
    drift;

  const nonstopPrice = market * noise * saleFactor(code, search.departDate, observedDay) * mistakeFactor(key, observedAt);
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
    price: Math.max(39, Math.round(nonstop ? nonstopPrice : connectingPrice)),
    airline: nonstop ? nonstopAirline : connectingAirline,
    durationMinutes: nonstop ? nonstopMinutes : nonstopMinutes + 95 + Math.floor(quoteRandom() * 150),
    providerTypicalLow: null,
    providerTypicalHigh: null,
    source: SIMULATED_SOURCE,
    cached: false,
  };
}
