/**
 * The deterministic deals `addDeals (world.ts)` writes, as pure data: the browser tests import
 * it to know what the seeded list holds (prices, destinations, dates) without reading the database.
 */
export type DealTier = "good" | "great" | "exceptional";

/** Calendar days later, at local midnight (safe across daylight-saving changes). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** 'YYYY-MM-DD' of the local calendar date. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** Destinations and carriers the seeded deals cycle through: domestic and international mixed. */
export const ROUTES: [destination: string, airline: string][] = [
  ["LAX", "Delta"],
  ["BOS", "JetBlue"],
  ["LHR", "British Airways"],
  ["DEN", "United"],
  ["CDG", "Air France"],
  ["MCO", "Southwest"],
  ["SEA", "Alaska"],
  ["KEF", "Icelandair"],
  ["MIA", "American"],
  ["JFK", "Delta"],
  ["SFO", "United"],
  ["PUJ", "American"],
  ["ORD", "American"],
  ["YYZ", "Air Canada"],
  ["AUS", "Southwest"],
  ["FRA", "Lufthansa"],
  ["LAS", "Spirit"],
  ["BNA", "Southwest"],
];
export const INTERNATIONAL = new Set(["LHR", "CDG", "KEF", "PUJ", "YYZ", "FRA"]);

export interface SeedDeal {
  destination: string;
  airline: string;
  price: number;
  departDate: string;
  returnDate: string;
  nonstop: boolean;
  cabin: "economy" | "business";
  durationMinutes: number;
  typicalLow: number;
  typicalHigh: number;
  typicalMedian: number;
  percentBelowTypical: number;
  tier: DealTier;
}

const tierOf = (percent: number): DealTier => (percent >= 50 ? "exceptional" : percent >= 35 ? "great" : "good");

/**
 * Deal i of `count`, relative to `today`: newest first by i; prices all different (keep `count` not a
 * multiple of 13) and not in list order; departures from today + 10 days, two days apart; every third deal
 * has a stop; every eleventh is one-way.
 */
export function seedDealAt(i: number, count: number, today: Date): SeedDeal {
  const [destination, airline] = ROUTES[i % ROUTES.length]!;
  const price = 89 + ((i * 13) % count) * 12 + (INTERNATIONAL.has(destination) ? 301 : 0);
  const percentBelowTypical = 22 + ((i * 7) % 40);
  const typicalMedian = Math.round(price / (1 - percentBelowTypical / 100));
  const depart = addDays(today, 10 + i * 2);
  const ret = addDays(depart, 3 + (i % 4));
  return {
    destination,
    airline,
    price,
    departDate: isoDay(depart),
    returnDate: i % 11 === 10 ? "" : isoDay(ret),
    nonstop: i % 3 !== 2,
    cabin: i % 9 === 4 ? "business" : "economy",
    durationMinutes: 95 + ((i * 37) % 420),
    typicalLow: Math.round(typicalMedian * 0.9),
    typicalHigh: Math.round(typicalMedian * 1.15),
    typicalMedian,
    percentBelowTypical,
    tier: tierOf(percentBelowTypical),
  };
}
