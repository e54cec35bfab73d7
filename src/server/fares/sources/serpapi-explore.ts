/**
 * SerpApi's Google Travel Explore engine: one search gives the cheapest round trip from RDU to each destination of
 * an area, over a month or the next six months. Parameters as SerpApi's reference documents them
 * (tests/fixtures/serpapi-explore/docs-engine-parameters.json). `no_cache` is never sent: a repeat within the hour is
 * answered from SerpApi's cache and costs no search.
 */
import type { DiscoveryArea } from "../../../domain/discovery-areas.ts";
import { cheapestPerAirport, type ExplorePlace } from "./explore-rows.ts";
import { FareSourceError, HOME_AIRPORT, type DiscoveryRequest, type DiscoveryResult, type TripKind } from "./fare-source.ts";
import { isRecord, numberOr, stringOr } from "./http-json.ts";
import { checkedAnswer, PROVIDER } from "./serpapi-answers.ts";

const TRAVEL_DURATION: Record<TripKind, string> = { weekend: "1", week: "2" };

/**
 * The query of one Explore search (without the key). `areaIds` holds the `arrival_area_id` of each area but North
 * America, which is Explore's default; an area without one cannot be searched. A request naming a destination
 * searches that airport alone (`arrival_id`), whatever its area.
 */
export function exploreParams(
  request: DiscoveryRequest,
  areaIds: Readonly<Partial<Record<DiscoveryArea, string>>>,
  origin = HOME_AIRPORT,
): Record<string, string> {
  if (request.month !== null && !(Number.isInteger(request.month) && request.month >= 1 && request.month <= 12)) {
    throw new FareSourceError(`${PROVIDER}: month ${request.month} is not 1–12`);
  }
  // Exact dates (the completeness pass) take the place of the flexible window: `outbound_date` and `return_date`.
  const when: Record<string, string> = request.dates
    ? { outbound_date: request.dates.departDate, return_date: request.dates.returnDate }
    : { travel_duration: TRAVEL_DURATION[request.tripKind], month: String(request.month ?? 0) };
  const params: Record<string, string> = {
    engine: "google_travel_explore",
    departure_id: origin,
    type: "1",
    ...when,
    stops: request.nonstopOnly ? "1" : "0",
    currency: "USD",
    gl: "us",
    hl: "en",
  };
  if (request.destination) {
    // One airport: Explore's `arrival_id` (its reference, docs-engine-parameters.json), the cheapest trip there.
    params.arrival_id = request.destination;
  } else if (request.area !== "north-america") {
    const areaId = areaIds[request.area];
    if (!areaId) throw new FareSourceError(`${PROVIDER}: no arrival_area_id is set for ${request.area} (SERPAPI_EXPLORE_AREAS)`);
    params.arrival_area_id = areaId;
  }
  return params;
}

/**
 * The rows of an Explore answer, the cheapest per airport. A place served by another city's airport (a national
 * park, with `destination_airport.location` and a drive time) counts as that airport. Rows with no price, no
 * airport or no dates are skipped and counted. Throws FareSourceError on an error or prices not in USD.
 */
export function parseTravelExplore(body: unknown, status = 200): Omit<DiscoveryResult, "searched" | "quotaLeft"> {
  const answer = checkedAnswer(body, status);
  if (!Array.isArray(answer.destinations)) throw new FareSourceError(`${PROVIDER}: the Explore answer has no destinations list`);
  const places = answer.destinations.map((place): ExplorePlace | null =>
    isRecord(place)
      ? {
          price: numberOr(place.flight_price),
          airport: isRecord(place.destination_airport) ? stringOr(place.destination_airport.code).toUpperCase() : "",
          departDate: stringOr(place.start_date),
          returnDate: stringOr(place.end_date),
          airlineCode: stringOr(place.airline_code),
          airlineName: stringOr(place.airline),
          stops: numberOr(place.number_of_stops),
          durationMinutes: numberOr(place.flight_duration),
        }
      : null,
  );
  const { rows, skipped } = cheapestPerAirport(places);
  return { rows, rawRows: answer.destinations.length, skipped };
}
