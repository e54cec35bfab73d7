/**
 * The areas a discovery looks at, and which of them holds each catalogue destination. SerpApi's Travel Explore
 * without `arrival_area_id` covers North America: the US, Canadian and Mexican airports of a real capture
 * (tests/fixtures/serpapi-explore/nyc-usd-explore-destinations.json). Every other area needs its own search.
 */
import { DESTINATIONS } from "./destinations.ts";

export const DISCOVERY_AREAS = ["north-america", "europe", "caribbean", "central-america", "atlantic"] as const;
export type DiscoveryArea = (typeof DISCOVERY_AREAS)[number];

const INTERNATIONAL_AREAS: Readonly<Record<string, DiscoveryArea>> = {
  YUL: "north-america",
  YVR: "north-america",
  YYC: "north-america",
  YYZ: "north-america",
  MEX: "north-america",
  CDG: "europe",
  FRA: "europe",
  KEF: "europe",
  LHR: "europe",
  MBJ: "caribbean",
  PUJ: "caribbean",
  SJU: "caribbean",
  PTY: "central-america",
  BDA: "atlantic",
};

/** The area whose discovery covers this catalogue destination. */
export function discoveryAreaOf(code: string): DiscoveryArea {
  const destination = DESTINATIONS.find((d) => d.code === code);
  if (!destination) throw new Error(`${code} is not a catalogue destination`);
  if (destination.region === "domestic") return "north-america";
  const area = INTERNATIONAL_AREAS[code];
  if (!area) throw new Error(`no discovery area for ${code}`);
  return area;
}

/**
 * The catalogue routes no searchable area covers, in catalogue order: the sweep searches each of them by its own
 * airport (Explore's `arrival_id`), so every route is searched whatever areas the provider can name (decision 114).
 */
export function routesOutside(areas: readonly DiscoveryArea[]): string[] {
  return DESTINATIONS.map((d) => d.code).filter((code) => !areas.includes(discoveryAreaOf(code)));
}

/** Whether a route is in a discovery's answer: its airport when the discovery names one, else its area's routes. */
export function discoveryCovers(request: { area: DiscoveryArea; destination?: string | null }, code: string): boolean {
  return request.destination ? request.destination === code : discoveryAreaOf(code) === request.area;
}

/**
 * SerpApi's `arrival_area_id` (a Google location kgmid) per area. Its parameter reference
 * (tests/fixtures/serpapi-explore/docs-engine-parameters.json) names Europe's, `/m/02j9z`, and no other region's;
 * the others are set by the operator (SERPAPI_EXPLORE_AREAS: the area's "Freebase ID" on Wikidata, as the reference
 * says). North America is Explore's default and sends none.
 */
export const KNOWN_AREA_IDS: Readonly<Partial<Record<DiscoveryArea, string>>> = { europe: "/m/02j9z" };
