import { AIRPORT_CITIES } from "./airports.ts";

export interface Destination {
  code: string;
  city: string;
  region: "domestic" | "international";
  /** Airline names exactly as in airlines.ts. */
  airlines: string[];
}

function destination(code: string, region: Destination["region"], airlines: string[]): Destination {
  // A code missing from AIRPORT_CITIES shows as its code; a unit test keeps the two in step.
  return { code, city: AIRPORT_CITIES[code] ?? code, region, airlines };
}

const domestic = (code: string, ...airlines: string[]) => destination(code, "domestic", airlines);
const international = (code: string, ...airlines: string[]) => destination(code, "international", airlines);

/** Nonstop destinations from RDU, year-round and seasonal. */
export const DOMESTIC_DESTINATIONS: readonly Destination[] = [
  domestic("ALB", "Breeze"),
  domestic("ATL", "Delta", "Southwest", "Frontier", "Spirit"),
  domestic("AUS", "American", "Southwest"),
  domestic("BDL", "Breeze"),
  domestic("BNA", "Southwest", "American"),
  domestic("BOS", "Delta", "JetBlue", "American"),
  domestic("BTV", "Breeze"),
  domestic("BUF", "Breeze"),
  domestic("BWI", "Southwest"),
  domestic("BZN", "Delta"),
  domestic("CLE", "Frontier"),
  domestic("CLT", "American"),
  domestic("CMH", "Breeze"),
  domestic("CVG", "Frontier"),
  domestic("DAL", "Southwest"),
  domestic("DCA", "American"),
  domestic("DEN", "United", "Southwest", "Frontier"),
  domestic("DFW", "American", "Frontier"),
  domestic("DTW", "Delta", "Spirit"),
  domestic("EWR", "United"),
  domestic("EYW", "American"),
  domestic("FLL", "Southwest", "JetBlue", "Spirit", "Delta"),
  domestic("HOU", "Southwest"),
  domestic("HVN", "Avelo"),
  domestic("IAD", "United"),
  domestic("IAH", "United"),
  domestic("IND", "Breeze"),
  domestic("ISP", "Breeze"),
  domestic("JAX", "Breeze"),
  domestic("JFK", "Delta", "JetBlue", "American"),
  domestic("LAS", "Southwest", "Spirit", "Frontier"),
  domestic("LAX", "Delta", "American"),
  domestic("LGA", "Delta", "American"),
  domestic("MCI", "Southwest"),
  domestic("MCO", "Southwest", "Delta", "Frontier", "Spirit", "JetBlue"),
  domestic("MDW", "Southwest"),
  domestic("MIA", "American", "Frontier"),
  domestic("MHT", "Breeze"),
  domestic("MKE", "Southwest"),
  domestic("MSP", "Delta", "Sun Country"),
  domestic("MSY", "Southwest", "Breeze"),
  domestic("ORD", "American", "United"),
  domestic("PBI", "JetBlue"),
  domestic("PDX", "Alaska"),
  domestic("PGD", "Allegiant"),
  domestic("PHL", "American", "Frontier"),
  domestic("PHX", "American", "Southwest"),
  domestic("PIE", "Allegiant"),
  domestic("PIT", "Breeze"),
  domestic("PNS", "Breeze"),
  domestic("PVD", "Breeze"),
  domestic("PWM", "Breeze"),
  domestic("ROC", "Breeze"),
  domestic("RSW", "Southwest", "Frontier"),
  domestic("SAN", "Alaska", "Southwest"),
  domestic("SAT", "Southwest"),
  domestic("SEA", "Alaska", "Delta"),
  domestic("SFB", "Allegiant"),
  domestic("SFO", "United"),
  domestic("SLC", "Delta"),
  domestic("SRQ", "Allegiant", "Breeze"),
  domestic("STL", "Southwest"),
  domestic("SWF", "Allegiant"),
  domestic("SYR", "Breeze"),
  domestic("TPA", "Southwest", "Delta", "Frontier", "Spirit"),
  domestic("TTN", "Frontier"),
  domestic("VPS", "Allegiant"),
];

/** SJU is listed as international in this product, as the marketing copy counts it that way. */
export const INTERNATIONAL_DESTINATIONS: readonly Destination[] = [
  international("BDA", "Delta"),
  international("CDG", "Delta", "Air France"),
  international("FRA", "Lufthansa"),
  international("KEF", "Icelandair"),
  international("LHR", "American", "British Airways"),
  international("MBJ", "American", "Delta"),
  international("MEX", "Aeromexico"),
  international("PTY", "Copa"),
  international("PUJ", "American", "Delta"),
  international("SJU", "JetBlue", "Frontier"),
  international("YUL", "Air Canada"),
  international("YVR", "Air Canada"),
  international("YYC", "WestJet"),
  international("YYZ", "Air Canada"),
];

export const DESTINATIONS: readonly Destination[] = [...DOMESTIC_DESTINATIONS, ...INTERNATIONAL_DESTINATIONS];

export const DESTINATION_COUNTS = {
  total: DESTINATIONS.length,
  domestic: DOMESTIC_DESTINATIONS.length,
  international: INTERNATIONAL_DESTINATIONS.length,
} as const;

const INTERNATIONAL_CODES: ReadonlySet<string> = new Set(INTERNATIONAL_DESTINATIONS.map((d) => d.code));

export function isInternational(code: string): boolean {
  return INTERNATIONAL_CODES.has(code.trim().toUpperCase());
}

const BY_CITY: readonly Destination[] = [...DESTINATIONS].sort((a, b) => a.city.localeCompare(b.city, "en") || a.code.localeCompare(b.code));

/**
 * Nonstop-destinations dialog search: city, code or airline, case-insensitive substring. Empty query lists all.
 * In order of city, the name each entry is read by.
 */
export function searchDestinations(query: string): Destination[] {
  const q = query.trim().toLowerCase();
  if (q === "") return [...BY_CITY];
  return BY_CITY.filter(
    (d) => d.city.toLowerCase().includes(q) || d.code.toLowerCase().includes(q) || d.airlines.some((airline) => airline.toLowerCase().includes(q)),
  );
}

/**
 * Destination autocomplete over every known airport: exact code first, then code or city
 * prefix matches, then other substring matches; alphabetical by city within each group.
 */
export function suggestDestinations(query: string, limit = 8): { code: string; city: string }[] {
  const q = query.trim().toLowerCase();
  if (q === "" || limit <= 0) return [];

  const ranked: { code: string; city: string; rank: number }[] = [];
  for (const [code, city] of Object.entries(AIRPORT_CITIES)) {
    const c = code.toLowerCase();
    const name = city.toLowerCase();
    let rank: number;
    if (c === q) rank = 0;
    else if (c.startsWith(q) || name.startsWith(q)) rank = 1;
    else if (c.includes(q) || name.includes(q)) rank = 2;
    else continue;
    ranked.push({ code, city, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.city.localeCompare(b.city) || a.code.localeCompare(b.code));
  return ranked.slice(0, limit).map(({ code, city }) => ({ code, city }));
}
