/**
 * The simulated market's routes: each catalogue destination's distance from RDU, its seasonal pattern by
 * departure month and a base fare from distance, carrier mix and a seeded per-route quirk.
 */
import { DESTINATIONS, type Destination } from "../../../domain/destinations.ts";
import { seededRandom } from "./seeded-random.ts";

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

const LOW_COST_CARRIERS = new Set(["Spirit", "Frontier", "Breeze", "Allegiant", "Avelo", "Sun Country"]);
export const CONNECTING_CARRIERS = ["American", "Delta", "United"];

export interface RouteProfile {
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

export const ROUTE_PROFILES: ReadonlyMap<string, RouteProfile> = new Map(DESTINATIONS.map((d) => [d.code, profileOf(d)]));

export function simulatedRoutes(): string[] {
  return [...ROUTE_PROFILES.keys()];
}
