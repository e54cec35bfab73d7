import { findAirline } from "./airlines.ts";
import { seatClassNumber } from "./deal-labels.ts";

export const GOOGLE_FLIGHTS_HOME = "https://www.google.com/travel/flights";

const HOME_AIRPORT = "RDU";
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const AIRPORT_PATTERN = /^[A-Z]{3}$/;

function airportCode(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code !== undefined && AIRPORT_PATTERN.test(code) ? code : undefined;
}

function isoDate(value: string | undefined): string | undefined {
  const date = value?.trim();
  return date !== undefined && DATE_PATTERN.test(date) ? date : undefined;
}

function withQuery(base: string, params: readonly (readonly [string, string])[]): string {
  const query = params.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join("&");
  return `${base}?${query}`;
}

// --- Minimal protobuf writer: varint (wire type 0) and length-delimited (wire type 2) fields only.

type Bytes = number[];

function varint(value: number): Bytes {
  const out: Bytes = [];
  let rest = value;
  while (rest > 0x7f) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
  return out;
}

function varintField(field: number, value: number): Bytes {
  return [...varint(field * 8), ...varint(value)];
}

function bytesField(field: number, payload: Bytes): Bytes {
  return [...varint(field * 8 + 2), ...varint(payload.length), ...payload];
}

function stringField(field: number, value: string): Bytes {
  return bytesField(field, Array.from(new TextEncoder().encode(value)));
}

function base64UrlNoPadding(bytes: Bytes): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

// --- Google Flights

const AIRPORT_KIND = 1;
const TRIP_ROUND = 1;
const TRIP_ONE_WAY = 2;

function airportMessage(code: string): Bytes {
  return [...varintField(1, AIRPORT_KIND), ...stringField(2, code)];
}

/** A leg: 2 date, 6 airlines (IATA codes, optional filter), 13 from, 14 to. */
function legMessage(date: string, from: string, to: string, airlines: readonly string[]): Bytes {
  return [
    ...stringField(2, date),
    ...airlines.flatMap((code) => stringField(6, code)),
    ...bytesField(13, airportMessage(from)),
    ...bytesField(14, airportMessage(to)),
  ];
}

export interface GoogleFlightsInput {
  /** Defaults to RDU. */
  origin?: string;
  destination: string;
  /** YYYY-MM-DD */
  departDate?: string;
  /** YYYY-MM-DD; makes the search a round trip. */
  returnDate?: string;
  /** 1 economy, 2 premium economy, 3 business, 4 first. */
  seatClass?: 1 | 2 | 3 | 4;
  adults?: number;
  /** Only these airlines' flights (IATA codes). */
  airlines?: readonly string[];
}

/** Exact search (`tfs`) when a departure date is known; otherwise the text search. */
export function googleFlightsUrl(input: GoogleFlightsInput): string {
  const origin = airportCode(input.origin ?? HOME_AIRPORT);
  const destination = airportCode(input.destination);
  const depart = isoDate(input.departDate);
  const ret = depart === undefined ? undefined : isoDate(input.returnDate);
  if (origin === undefined || destination === undefined || depart === undefined) {
    return googleFlightsTextUrl(input.origin ?? HOME_AIRPORT, input.destination, depart, ret);
  }

  const requested = input.adults ?? 1;
  const adults = Number.isFinite(requested) ? Math.min(9, Math.max(1, Math.floor(requested))) : 1;
  const airlines = (input.airlines ?? []).filter((code) => /^[A-Z0-9]{2}$/.test(code));
  const legs = [legMessage(depart, origin, destination, airlines)];
  if (ret !== undefined) legs.push(legMessage(ret, destination, origin, airlines));

  const message: Bytes = [
    ...varintField(1, 28),
    ...varintField(2, 2),
    ...legs.flatMap((leg) => bytesField(3, leg)),
    ...Array.from({ length: adults }, () => varintField(8, 1)).flat(),
    ...varintField(9, input.seatClass ?? 1),
    ...varintField(19, ret === undefined ? TRIP_ONE_WAY : TRIP_ROUND),
  ];
  return withQuery(`${GOOGLE_FLIGHTS_HOME}/search`, [
    ["tfs", base64UrlNoPadding(message)],
    ["hl", "en"],
    ["gl", "us"],
    ["curr", "USD"],
  ]);
}

/** Google only pre-fills when the text starts "Flights from X to Y". */
export function googleFlightsTextUrl(origin: string, destination: string, departDate?: string, returnDate?: string): string {
  const from = origin.trim().toUpperCase() || HOME_AIRPORT;
  const to = destination.trim().toUpperCase();
  if (to === "") return GOOGLE_FLIGHTS_HOME;

  const depart = isoDate(departDate);
  const ret = depart === undefined ? undefined : isoDate(returnDate);
  let text = `Flights from ${from} to ${to}`;
  if (depart !== undefined) text += ` on ${depart}`;
  if (ret !== undefined) text += ` through ${ret}`;
  return withQuery(GOOGLE_FLIGHTS_HOME, [
    ["q", text],
    ["curr", "USD"],
    ["hl", "en"],
    ["gl", "us"],
  ]);
}

// --- Airline sites

export interface TripInput {
  /** Defaults to RDU. */
  origin?: string;
  destination: string;
  departDate?: string;
  returnDate?: string;
  /** 1 economy … 4 first, for the Google Flights fallback. */
  seatClass?: 1 | 2 | 3 | 4;
}

export interface BookingLink {
  url: string;
  /**
   * airline-search: the airline's own search page, pre-filled; google-flights: Google Flights' search; airline-site: the
   * airline's home page, where its own search has no pattern we can fill in.
   */
  kind: "airline-search" | "google-flights" | "airline-site";
  /** What the button says, honestly: "Search on aa.com", "Search Breeze on Google Flights", "Visit flybreeze.com". */
  label: string;
}

interface RoundTrip {
  origin: string;
  destination: string;
  depart: string;
  ret: string;
}

/**
 * Search pages seen in public use (docs/deal-rules.md for the first four; American's `slices` search is the one
 * award-search tools link to). None is documented, so only round trips with both dates use them.
 */
const PREFILL_PATTERNS: Readonly<Record<string, (t: RoundTrip) => string>> = {
  WN: (t) =>
    withQuery("https://www.southwest.com/air/booking/select.html", [
      ["originationAirportCode", t.origin],
      ["destinationAirportCode", t.destination],
      ["departureDate", t.depart],
      ["returnDate", t.ret],
      ["adultPassengersCount", "1"],
      ["tripType", "roundtrip"],
    ]),
  B6: (t) =>
    withQuery("https://www.jetblue.com/booking/flights", [
      ["from", t.origin],
      ["to", t.destination],
      ["depart", t.depart],
      ["return", t.ret],
      ["isMultiCity", "false"],
      ["noOfRoute", "1"],
      ["adults", "1"],
      ["children", "0"],
      ["infants", "0"],
    ]),
  UA: (t) =>
    withQuery("https://www.united.com/en/us/fsr/choose-flights", [
      ["f", t.origin],
      ["t", t.destination],
      ["d", t.depart],
      ["r", t.ret],
      ["px", "1"],
      ["taxng", "1"],
    ]),
  AS: (t) =>
    withQuery("https://www.alaskaair.com/search/results", [
      ["O", t.origin],
      ["D", t.destination],
      ["OD", t.depart],
      ["DD", t.ret],
      ["A", "1"],
      ["RT", "true"],
    ]),
  AA: (t) =>
    withQuery("https://www.aa.com/booking/search", [
      ["locale", "en_US"],
      ["pax", "1"],
      ["adult", "1"],
      ["type", "RoundTrip"],
      ["searchType", "Revenue"],
      ["cabin", ""],
      ["carriers", "ALL"],
      [
        "slices",
        JSON.stringify([
          { orig: t.origin, origNearby: false, dest: t.destination, destNearby: false, date: t.depart },
          { orig: t.destination, origNearby: false, dest: t.origin, destNearby: false, date: t.ret },
        ]),
      ],
    ]),
};

/** "aa.com" from "https://www.aa.com/". */
const siteName = (website: string) => new URL(website).hostname.replace(/^www\./, "");

/**
 * Where an airline button goes: the airline's own search page, pre-filled with the route and dates, where a
 * public pattern exists; otherwise Google Flights' search for the same trip, limited to that airline when it is
 * known and the dates are. The label says which.
 */
export function airlineBookingUrl(airlineNameOrCode: string, trip: TripInput): BookingLink {
  const airline = findAirline(airlineNameOrCode);
  const origin = airportCode(trip.origin ?? HOME_AIRPORT);
  const destination = airportCode(trip.destination);
  const depart = isoDate(trip.departDate);
  const ret = isoDate(trip.returnDate);

  const prefill = airline ? PREFILL_PATTERNS[airline.code] : undefined;
  if (airline && prefill && origin && destination && depart && ret) {
    return { url: prefill({ origin, destination, depart, ret }), kind: "airline-search", label: `Search on ${siteName(airline.website)}` };
  }

  const url = googleFlightsUrl({ ...trip, adults: 1, airlines: airline ? [airline.code] : [] });
  const filtered = airline !== undefined && new URL(url).searchParams.has("tfs");
  return { url, kind: "google-flights", label: filtered ? `Search ${airline.name} on Google Flights` : "Search on Google Flights" };
}

/**
 * The links a deal offers (decision 108): one primary action, the best search for this trip, and at most one other
 * place to look that is not the same place again. An airline with a pre-filled search: that search, and Google Flights
 * to compare every airline on the trip. An airline without one: Google Flights' search for that airline, and the
 * airline's own site. An airline we do not know: Google Flights' search alone.
 */
export interface DealLinks {
  primary: BookingLink;
  secondary: BookingLink | null;
}

/** A deal's links, built the same way on the dashboard, the shared page, the calendar file and the alert email. */
export function dealLinks(airlineNameOrCode: string, trip: Omit<TripInput, "seatClass"> & { seatClass: string }): DealLinks {
  const withSeat = { ...trip, seatClass: seatClassNumber(trip.seatClass) };
  const primary = airlineBookingUrl(airlineNameOrCode, withSeat);
  if (primary.kind === "airline-search") {
    return { primary, secondary: { kind: "google-flights", label: "Compare on Google Flights", url: googleFlightsUrl({ ...withSeat, adults: 1 }) } };
  }
  const airline = findAirline(airlineNameOrCode);
  if (!airline) return { primary, secondary: null };
  return { primary, secondary: { kind: "airline-site", label: `Visit ${siteName(airline.website)}`, url: airline.website } };
}
