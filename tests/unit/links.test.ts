import { describe, expect, test } from "bun:test";
import { AIRLINES } from "../../src/domain/airlines.ts";
import { GOOGLE_FLIGHTS_HOME, airlineBookingUrl, dealLinks, googleFlightsTextUrl, googleFlightsUrl, type DealLinks } from "../../src/domain/links.ts";

// The tfs format is undocumented (docs/deal-rules.md), so decode what we encode with an independent reader.

type Value = number | Uint8Array;
type Message = Map<number, Value[]>;

function base64UrlDecode(text: string): Uint8Array {
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  const padded = standard + "=".repeat((4 - (standard.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (ch) => ch.charCodeAt(0));
}

function decode(bytes: Uint8Array): Message {
  const fields: Message = new Map();
  let pos = 0;
  const readVarint = (): number => {
    let result = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[pos++];
      if (byte === undefined) throw new Error("truncated varint");
      result += (byte & 0x7f) * scale;
      if (byte < 0x80) return result;
      scale *= 0x80;
    }
  };
  while (pos < bytes.length) {
    const key = readVarint();
    const field = Math.floor(key / 8);
    const wireType = key % 8;
    let value: Value;
    if (wireType === 0) {
      value = readVarint();
    } else if (wireType === 2) {
      const length = readVarint();
      value = bytes.slice(pos, pos + length);
      if (value.length !== length) throw new Error("truncated field");
      pos += length;
    } else {
      throw new Error(`unexpected wire type ${wireType}`);
    }
    fields.set(field, [...(fields.get(field) ?? []), value]);
  }
  return fields;
}

function numbers(message: Message, field: number): number[] {
  return (message.get(field) ?? []).map((v) => {
    if (typeof v !== "number") throw new Error(`field ${field} is not a varint`);
    return v;
  });
}

function submessages(message: Message, field: number): Message[] {
  return (message.get(field) ?? []).map((v) => {
    if (typeof v === "number") throw new Error(`field ${field} is not length-delimited`);
    return decode(v);
  });
}

function strings(message: Message, field: number): string[] {
  return (message.get(field) ?? []).map((v) => {
    if (typeof v === "number") throw new Error(`field ${field} is not length-delimited`);
    return new TextDecoder().decode(v);
  });
}

function airport(message: Message): { kind: number[]; code: string[] } {
  return { kind: numbers(message, 1), code: strings(message, 2) };
}

function leg(message: Message) {
  const [from] = submessages(message, 13);
  const [to] = submessages(message, 14);
  if (!from || !to) throw new Error("leg without airports");
  return { date: strings(message, 2), from: airport(from), to: airport(to), fields: [...message.keys()].sort((a, b) => a - b) };
}

function tfsOf(url: string): string {
  const tfs = new URL(url).searchParams.get("tfs");
  if (tfs === null) throw new Error(`no tfs in ${url}`);
  return tfs;
}

describe("googleFlightsUrl", () => {
  const roundTrip = googleFlightsUrl({ destination: "LHR", departDate: "2026-11-10", returnDate: "2026-11-17" });

  test("a round trip encodes both legs, one adult, economy and the round-trip type", () => {
    const message = decode(base64UrlDecode(tfsOf(roundTrip)));
    expect(numbers(message, 1)).toEqual([28]);
    expect(numbers(message, 2)).toEqual([2]);
    expect(submessages(message, 3).map(leg)).toEqual([
      { date: ["2026-11-10"], from: { kind: [1], code: ["RDU"] }, to: { kind: [1], code: ["LHR"] }, fields: [2, 13, 14] },
      { date: ["2026-11-17"], from: { kind: [1], code: ["LHR"] }, to: { kind: [1], code: ["RDU"] }, fields: [2, 13, 14] },
    ]);
    expect(numbers(message, 8)).toEqual([1]);
    expect(numbers(message, 9)).toEqual([1]);
    expect(numbers(message, 19)).toEqual([1]);
    expect([...message.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 8, 9, 19]);
  });

  test("a one-way search encodes a single leg and the one-way trip type", () => {
    const url = googleFlightsUrl({ origin: "rdu", destination: "bos", departDate: "2026-03-03" });
    const message = decode(base64UrlDecode(tfsOf(url)));
    const legs = submessages(message, 3).map(leg);
    expect(legs).toHaveLength(1);
    expect(legs[0]?.from.code).toEqual(["RDU"]);
    expect(legs[0]?.to.code).toEqual(["BOS"]);
    expect(numbers(message, 19)).toEqual([2]);
  });

  test("passenger count and seat class are encoded, one passenger entry per adult", () => {
    const url = googleFlightsUrl({ destination: "CDG", departDate: "2026-05-01", returnDate: "2026-05-09", adults: 3, seatClass: 3 });
    const message = decode(base64UrlDecode(tfsOf(url)));
    expect(numbers(message, 8)).toEqual([1, 1, 1]);
    expect(numbers(message, 9)).toEqual([3]);
  });

  test("the link has the documented shape with URL-safe base64 and no padding", () => {
    expect(roundTrip.startsWith("https://www.google.com/travel/flights/search?tfs=")).toBe(true);
    expect(roundTrip.endsWith("&hl=en&gl=us&curr=USD")).toBe(true);
    for (const url of [
      roundTrip,
      googleFlightsUrl({ destination: "SJU", departDate: "2026-01-02" }),
      googleFlightsUrl({ destination: "YYZ", departDate: "2026-12-24", returnDate: "2027-01-02", adults: 2 }),
    ]) {
      expect(tfsOf(url)).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(url).not.toContain("=&");
      expect(url).not.toContain("undefined");
    }
  });

  test("without a departure date it falls back to the text search", () => {
    expect(googleFlightsUrl({ destination: "LHR" })).toBe("https://www.google.com/travel/flights?q=Flights%20from%20RDU%20to%20LHR&curr=USD&hl=en&gl=us");
    expect(googleFlightsUrl({ destination: "LHR", departDate: "next week" })).toBe(googleFlightsTextUrl("RDU", "LHR"));
  });
});

describe("googleFlightsTextUrl", () => {
  test("a round trip produces the exact documented text query", () => {
    expect(googleFlightsTextUrl("RDU", "LHR", "2026-11-10", "2026-11-17")).toBe(
      "https://www.google.com/travel/flights?q=Flights%20from%20RDU%20to%20LHR%20on%202026-11-10%20through%202026-11-17&curr=USD&hl=en&gl=us",
    );
  });

  test('without dates the query is only "Flights from X to Y"', () => {
    expect(googleFlightsTextUrl("RDU", "BOS")).toBe("https://www.google.com/travel/flights?q=Flights%20from%20RDU%20to%20BOS&curr=USD&hl=en&gl=us");
  });

  test("with only a departure date the query has no return part", () => {
    expect(googleFlightsTextUrl("RDU", "BOS", "2026-11-10")).toBe(
      "https://www.google.com/travel/flights?q=Flights%20from%20RDU%20to%20BOS%20on%202026-11-10&curr=USD&hl=en&gl=us",
    );
  });

  test("user-provided text is URL-encoded", () => {
    const url = googleFlightsTextUrl("RDU", "a&b=c#d");
    expect(new URL(url).searchParams.get("q")).toBe("Flights from RDU to A&B=C#D");
    expect(url).not.toContain("#");
  });

  test("an empty destination falls back to the Google Flights home page", () => {
    expect(googleFlightsTextUrl("RDU", "  ")).toBe(GOOGLE_FLIGHTS_HOME);
    expect(GOOGLE_FLIGHTS_HOME).toBe("https://www.google.com/travel/flights");
  });
});

const legsOf = (url: string) => submessages(decode(base64UrlDecode(tfsOf(url))), 3);

describe("airlineBookingUrl", () => {
  const dates = { departDate: "2026-11-10", returnDate: "2026-11-17" };

  test("Southwest gets its pre-filled search page, and the button names the site", () => {
    expect(airlineBookingUrl("Southwest", { destination: "BWI", ...dates })).toEqual({
      kind: "airline-search",
      label: "Search on southwest.com",
      url: "https://www.southwest.com/air/booking/select.html?originationAirportCode=RDU&destinationAirportCode=BWI&departureDate=2026-11-10&returnDate=2026-11-17&adultPassengersCount=1&tripType=roundtrip",
    });
  });

  test("JetBlue gets its pre-filled search page", () => {
    expect(airlineBookingUrl("JetBlue Airways", { destination: "BOS", ...dates })).toEqual({
      kind: "airline-search",
      label: "Search on jetblue.com",
      url: "https://www.jetblue.com/booking/flights?from=RDU&to=BOS&depart=2026-11-10&return=2026-11-17&isMultiCity=false&noOfRoute=1&adults=1&children=0&infants=0",
    });
  });

  test("United gets its pre-filled search page", () => {
    expect(airlineBookingUrl("UA", { origin: "RDU", destination: "ewr", ...dates })).toEqual({
      kind: "airline-search",
      label: "Search on united.com",
      url: "https://www.united.com/en/us/fsr/choose-flights?f=RDU&t=EWR&d=2026-11-10&r=2026-11-17&px=1&taxng=1",
    });
  });

  test("Alaska gets its pre-filled search page", () => {
    expect(airlineBookingUrl("Alaska Airlines", { destination: "SEA", ...dates })).toEqual({
      kind: "airline-search",
      label: "Search on alaskaair.com",
      url: "https://www.alaskaair.com/search/results?O=RDU&D=SEA&OD=2026-11-10&DD=2026-11-17&A=1&RT=true",
    });
  });

  test("American gets aa.com's round-trip search with both slices, not its home page", () => {
    const link = airlineBookingUrl("American Airlines", { destination: "DFW", ...dates });
    expect(link).toMatchObject({ kind: "airline-search", label: "Search on aa.com" });
    const url = new URL(link.url);
    expect(`${url.origin}${url.pathname}`).toBe("https://www.aa.com/booking/search");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ pax: "1", adult: "1", type: "RoundTrip", searchType: "Revenue" });
    expect(JSON.parse(url.searchParams.get("slices")!)).toEqual([
      { orig: "RDU", origNearby: false, dest: "DFW", destNearby: false, date: "2026-11-10" },
      { orig: "DFW", origNearby: false, dest: "RDU", destNearby: false, date: "2026-11-17" },
    ]);
  });

  test("an airline without a search pattern (Breeze, Delta) gets Google Flights' exact search for that airline, both ways", () => {
    const breeze = airlineBookingUrl("Breeze Airways", { destination: "TPA", ...dates });
    expect(breeze).toMatchObject({ kind: "google-flights", label: "Search Breeze on Google Flights" });
    const legs = legsOf(breeze.url);
    expect(legs.map((l) => [strings(l, 2), strings(l, 6)])).toEqual([
      [["2026-11-10"], ["MX"]],
      [["2026-11-17"], ["MX"]],
    ]);
    expect(airlineBookingUrl("Delta Air Lines", { destination: "ATL", ...dates }).label).toBe("Search Delta on Google Flights");
  });

  test("a pattern airline without both dates falls back to Google Flights too; with no date at all, the text search, labelled as such", () => {
    const oneWay = airlineBookingUrl("Southwest", { destination: "BWI", departDate: "2026-11-10" });
    expect(oneWay).toMatchObject({ kind: "google-flights", label: "Search Southwest on Google Flights" });
    expect(legsOf(oneWay.url).map((l) => strings(l, 6))).toEqual([["WN"]]);
    expect(airlineBookingUrl("United", { destination: "EWR" })).toEqual({
      kind: "google-flights",
      label: "Search on Google Flights",
      url: "https://www.google.com/travel/flights?q=Flights%20from%20RDU%20to%20EWR&curr=USD&hl=en&gl=us",
    });
  });

  test("an unknown airline gets Google Flights' exact search for the trip, any airline", () => {
    const link = airlineBookingUrl("Pan Am", { destination: "LHR", ...dates });
    expect(link).toMatchObject({ kind: "google-flights", label: "Search on Google Flights" });
    expect(
      legsOf(link.url)
        .map(leg)
        .map((l) => l.fields),
    ).toEqual([
      [2, 13, 14],
      [2, 13, 14],
    ]);
    expect(airlineBookingUrl("", { destination: "LHR" }).label).toBe("Search on Google Flights");
  });

  test("a destination that is not an airport code never reaches a pre-filled URL", () => {
    const link = airlineBookingUrl("JetBlue", { destination: "BOS&x=1", ...dates });
    expect(link.kind).toBe("google-flights");
    expect(link.url).toStartWith("https://www.google.com/travel/flights?q=");
    expect(new URL(link.url).searchParams.get("x")).toBeNull();
  });
});

describe("dealLinks: one primary action per deal, and at most one other place that is not the same place again", () => {
  const dates = { departDate: "2026-11-10", returnDate: "2026-11-17", seatClass: "Economy" };
  const kinds = (links: DealLinks) => [links.primary.kind, links.secondary?.kind ?? null];

  test("an airline with no search page we can fill in (Allegiant): Google Flights' search for it, and allegiantair.com; never Google Flights twice", () => {
    const links = dealLinks("Allegiant Air", { destination: "SFB", ...dates });
    expect(links.primary).toMatchObject({ kind: "google-flights", label: "Search Allegiant on Google Flights" });
    expect(legsOf(links.primary.url).map((l) => strings(l, 6))).toEqual([["G4"], ["G4"]]);
    expect(links.secondary).toEqual({ kind: "airline-site", label: "Visit allegiantair.com", url: "https://www.allegiantair.com/" });
  });

  test("an airline with a pre-filled search (Southwest): that search first, then Google Flights to compare every airline on the same trip", () => {
    const links = dealLinks("Southwest", { destination: "BWI", ...dates });
    expect(kinds(links)).toEqual(["airline-search", "google-flights"]);
    expect(links.primary.label).toBe("Search on southwest.com");
    expect(links.secondary).toEqual({
      kind: "google-flights",
      label: "Compare on Google Flights",
      url: googleFlightsUrl({ destination: "BWI", departDate: "2026-11-10", returnDate: "2026-11-17", seatClass: 1, adults: 1 }),
    });
  });

  test("the same airline on a one-way trip (no pattern for it): Google Flights' search for Southwest, and southwest.com", () => {
    const links = dealLinks("Southwest", { destination: "BWI", departDate: "2026-11-10", seatClass: "Economy" });
    expect(links.primary.label).toBe("Search Southwest on Google Flights");
    expect(links.secondary).toMatchObject({ kind: "airline-site", label: "Visit southwest.com" });
  });

  test("no dates we can read: Google Flights' text search, and the airline's site", () => {
    const links = dealLinks("Delta", { destination: "ATL", seatClass: "Economy" });
    expect(links.primary).toEqual({
      kind: "google-flights",
      label: "Search on Google Flights",
      url: "https://www.google.com/travel/flights?q=Flights%20from%20RDU%20to%20ATL&curr=USD&hl=en&gl=us",
    });
    expect(links.secondary).toMatchObject({ kind: "airline-site", url: "https://www.delta.com/" });
  });

  test("an airline we do not know: Google Flights' search for the trip alone", () => {
    const links = dealLinks("Pan Am", { destination: "LHR", ...dates });
    expect(kinds(links)).toEqual(["google-flights", null]);
  });

  test("business class reaches Google Flights' search as class 3", () => {
    const links = dealLinks("Delta", { destination: "LAX", ...dates, seatClass: "Business" });
    expect(links.primary.url).toBe(
      googleFlightsUrl({ destination: "LAX", departDate: "2026-11-10", returnDate: "2026-11-17", seatClass: 3, adults: 1, airlines: ["DL"] }),
    );
  });

  test("for every airline we know, on every kind of trip, the two links never go to the same kind of place", () => {
    for (const airline of AIRLINES) {
      for (const trip of [
        { destination: "BOS", ...dates },
        { destination: "BOS", departDate: "2026-11-10", seatClass: "Economy" },
      ]) {
        const links = dealLinks(airline.name, trip);
        expect(links.secondary, airline.name).not.toBeNull();
        expect(links.secondary!.kind, airline.name).not.toBe(links.primary.kind);
      }
    }
  });
});
