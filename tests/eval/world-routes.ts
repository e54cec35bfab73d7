/**
 * The 40 routes of the evaluation world: a mix of the catalogue's domestic and international destinations
 * (src/domain/destinations.ts), each with the typical round-trip fare from RDU in an average month booked
 * about two months ahead, a seasonal pattern and how much its fares move around that typical price.
 */
import { isInternational } from "../../src/domain/destinations.ts";

export type SeasonName = "flat" | "sun" | "beach" | "europe" | "mountain" | "city";

/** Price factor by departure month, January first; the world interpolates between mid-months. */
export const SEASONS: Readonly<Record<SeasonName, readonly number[]>> = {
  flat: [0.9, 0.9, 0.98, 1.0, 1.02, 1.08, 1.1, 1.02, 0.95, 0.98, 0.97, 1.05],
  sun: [1.08, 1.14, 1.2, 1.04, 0.94, 0.95, 0.97, 0.9, 0.84, 0.88, 0.95, 1.1],
  beach: [0.82, 0.84, 0.96, 1.0, 1.1, 1.24, 1.26, 1.06, 0.9, 0.88, 0.85, 0.92],
  europe: [0.8, 0.78, 0.88, 0.98, 1.1, 1.28, 1.32, 1.2, 1.02, 0.94, 0.84, 0.98],
  mountain: [1.02, 1.02, 1.08, 0.92, 0.96, 1.12, 1.2, 1.1, 0.96, 0.9, 0.88, 1.04],
  city: [0.88, 0.9, 1.0, 1.02, 1.04, 1.06, 1.04, 1.0, 1.02, 1.04, 1.0, 1.02],
};

export interface WorldRoute {
  code: string;
  international: boolean;
  /** Typical round trip (USD) in an average month, about two months ahead, before the trip-kind factor. */
  baseFare: number;
  season: SeasonName;
  /** Standard deviation of the log price around the typical price, all time scales together. */
  volatility: number;
}

const route = (code: string, baseFare: number, season: SeasonName, volatility: number): WorldRoute => ({
  code,
  international: isInternational(code),
  baseFare,
  season,
  volatility,
});

/** 28 domestic and 12 international routes; low-cost-carrier markets (MCO, FLL, LAS, ATL …) move the most. */
export const WORLD_ROUTES: readonly WorldRoute[] = [
  route("ATL", 240, "flat", 0.1),
  route("AUS", 310, "city", 0.08),
  route("BNA", 230, "city", 0.08),
  route("BOS", 270, "beach", 0.08),
  route("BWI", 210, "flat", 0.07),
  route("CLT", 290, "flat", 0.06),
  route("DCA", 240, "city", 0.06),
  route("DEN", 330, "mountain", 0.09),
  route("DFW", 330, "flat", 0.08),
  route("DTW", 260, "flat", 0.09),
  route("EWR", 250, "city", 0.07),
  route("FLL", 230, "sun", 0.11),
  route("JFK", 260, "city", 0.08),
  route("LAS", 320, "sun", 0.11),
  route("LAX", 390, "flat", 0.08),
  route("LGA", 250, "city", 0.07),
  route("MCO", 210, "sun", 0.11),
  route("MIA", 270, "sun", 0.09),
  route("MSP", 330, "flat", 0.07),
  route("MSY", 300, "city", 0.08),
  route("ORD", 250, "city", 0.08),
  route("PDX", 430, "mountain", 0.06),
  route("PHX", 350, "sun", 0.08),
  route("SAN", 380, "beach", 0.07),
  route("SEA", 410, "mountain", 0.07),
  route("SFO", 420, "flat", 0.07),
  route("SLC", 370, "mountain", 0.06),
  route("TPA", 220, "sun", 0.1),
  route("BDA", 650, "beach", 0.08),
  route("CDG", 980, "europe", 0.08),
  route("FRA", 1000, "europe", 0.07),
  route("KEF", 720, "europe", 0.1),
  route("LHR", 950, "europe", 0.08),
  route("MBJ", 590, "sun", 0.09),
  route("MEX", 560, "sun", 0.09),
  route("PUJ", 640, "sun", 0.09),
  route("SJU", 430, "sun", 0.1),
  route("YUL", 490, "city", 0.07),
  route("YVR", 740, "mountain", 0.07),
  route("YYZ", 470, "city", 0.07),
];
