/**
 * SearchApi's Google Travel Explore (`engine=google_travel_explore`): one search gives the cheapest trip from RDU to
 * each place Google shows in an area. Unlike SerpApi's, its `time_period` takes a named window (a week or a weekend
 * in a month or in the next six months), an exact date, or a range `YYYY-MM-DD..YYYY-MM-DD`, and its `arrival_id` a
 * bounding box, so every area is searched with no operator setting. Names and shapes as SearchApi's reference and the
 * one real capture show them (../shared/provider-payloads/searchapi/README.md §2); the boxes and exact dates are not
 * yet confirmed by a capture (what `npm run fares:spike` measures).
 */
import type { DiscoveryArea } from "../../../domain/discovery-areas.ts";
import { cheapestPerAirport, type ExplorePlace } from "./explore-rows.ts";
import { FareSourceError, HOME_AIRPORT, type DiscoveryRequest, type DiscoveryResult } from "./fare-source.ts";
import { isRecord, numberOr, stringOr } from "./http-json.ts";
import { checkedSearchApiAnswer, SEARCHAPI_PROVIDER } from "./searchapi-answers.ts";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/**
 * Each area as a box `[[north, west], [south, east]]` (top-left, bottom-right) holding every catalogue airport of the
 * area (discovery-areas.ts), and as little else as a box can.
 */
export const AREA_BOXES: Readonly<Record<DiscoveryArea, [[number, number], [number, number]]>> = {
  "north-america": [
    [62, -160],
    [14, -52],
  ],
  europe: [
    [67, -25],
    [35, 30],
  ],
  caribbean: [
    [24, -86],
    [10, -60],
  ],
  "central-america": [
    [18, -93],
    [7, -77],
  ],
  atlantic: [
    [33, -66],
    [31, -63],
  ],
};

/** Exact dates for an Explore search: one trip's dates, or ranges of outbound (and return) dates. */
export interface ExploreDates {
  /** YYYY-MM-DD */
  departDate: string;
  returnDate: string;
}

/** SearchApi's `time_period` for a discovery: a named window, or the exact dates given. */
export function timePeriodOf(request: Pick<DiscoveryRequest, "tripKind" | "month">, dates?: ExploreDates): string {
  if (dates) {
    if (!ISO_DATE.test(dates.departDate) || !ISO_DATE.test(dates.returnDate) || dates.returnDate < dates.departDate) {
      throw new FareSourceError(`${SEARCHAPI_PROVIDER}: ${dates.departDate}..${dates.returnDate} is not a trip's dates`);
    }
    return `${dates.departDate}..${dates.returnDate}`;
  }
  if (request.month !== null && !(Number.isInteger(request.month) && request.month >= 1 && request.month <= 12)) {
    throw new FareSourceError(`${SEARCHAPI_PROVIDER}: month ${request.month} is not 1–12`);
  }
  const when = request.month === null ? "the_next_six_months" : MONTHS[request.month - 1];
  return request.tripKind === "weekend" ? (request.month === null ? "weekend_trip_in_the_next_six_months" : `weekend_in_${when}`) : `one_week_trip_in_${when}`;
}

/** The query of one Explore search (without the key). */
export function searchApiExploreParams(request: DiscoveryRequest, dates?: ExploreDates, origin = HOME_AIRPORT): Record<string, string> {
  return {
    engine: "google_travel_explore",
    departure_id: origin,
    arrival_id: JSON.stringify(AREA_BOXES[request.area]),
    time_period: timePeriodOf(request, dates),
    travel_mode: "flights_only",
    stops: request.nonstopOnly ? "nonstop" : "any",
    currency: "USD",
    gl: "us",
    hl: "en-US",
  };
}

/**
 * The rows of an Explore answer, the cheapest per airport: `flight.airport_code`, `outbound_date`/`return_date`,
 * `flight.price`. A place with no `flight` has no price (Google lists it with dates only). Rows with no price, no
 * airport or no dates are skipped and counted. Throws FareSourceError on an error, prices not in USD, or no list.
 */
export function parseSearchApiExplore(body: unknown, status = 200): Omit<DiscoveryResult, "searched" | "quotaLeft"> {
  const answer = checkedSearchApiAnswer(body, status);
  if (!Array.isArray(answer.destinations)) throw new FareSourceError(`${SEARCHAPI_PROVIDER}: the Explore answer has no destinations list`);
  const places = answer.destinations.map((place): ExplorePlace | null => {
    const flight = isRecord(place) && isRecord(place.flight) ? place.flight : null;
    if (!isRecord(place) || !flight) return null;
    return {
      price: numberOr(flight.price),
      airport: stringOr(flight.airport_code).toUpperCase(),
      departDate: stringOr(place.outbound_date),
      returnDate: stringOr(place.return_date),
      airlineCode: stringOr(flight.airline_code),
      airlineName: stringOr(flight.airline_name),
      stops: numberOr(flight.stops),
      durationMinutes: numberOr(flight.flight_duration_minutes),
    };
  });
  const { rows, skipped } = cheapestPerAirport(places);
  return { rows, rawRows: answer.destinations.length, skipped };
}
