import { describe, expect, test } from "bun:test";
import type { FlightDeal } from "../../src/domain/api/deals.ts";
import { bookingLinks, dealTrip } from "../../src/client/pages/dashboard/deals/booking.ts";
import { pageSizeOptions, visibleDeals } from "../../src/client/pages/dashboard/deals/page-size-controls.tsx";
import { destinationCode } from "../../src/client/pages/dashboard/deals/search-card.tsx";
import { money, travelDateLines } from "../../src/client/pages/dashboard/deals/format.ts";

const NOW = new Date(2026, 10, 20, 9, 0);

function deal(fields: Partial<FlightDeal> = {}): FlightDeal {
  return {
    id: 1,
    airline: "JetBlue",
    destination: "BOS",
    destinationCity: "Boston",
    travelDates: "Fri, Jan 8 - Sun, Jan 10",
    departDate: "2027-01-08",
    returnDate: "2027-01-10",
    startingPrice: 129,
    tripType: "Round Trip",
    seatClass: "Economy",
    duration: "2h 5m",
    nonstop: "Yes",
    priceRange1: 190,
    priceRange2: 260,
    typicalPrice: 220,
    percentBelowTypical: 41,
    tripKind: "weekend",
    historyDays: 90,
    robustZ: -3.1,
    tier: "great",
    fitsWindow: null,
    isNewForUser: true,
    isActive: true,
    source: "simulated",
    foundAt: "2026-11-20T09:00:00.000Z",
    lastCheckedAt: "2026-11-20T09:00:00.000Z",
    ...fields,
  };
}

describe("page sizes (docs/product-rules.md §9)", () => {
  const labels = (size: Parameters<typeof pageSizeOptions>[0], total = 35) => pageSizeOptions(size, total).map((o) => `${o.label}→${o.size}`);

  test("at 10 of 35 the buttons offer 20, 30 and all, each saying so", () => {
    expect(labels(10)).toEqual(["Show 20→20", "Show 30→30", "Show all 35→all"]);
  });

  test("once more are open, 'Show 10' goes back to 10, and the size shown is not offered again", () => {
    expect(labels(20)).toEqual(["Show 10→10", "Show 30→30", "Show all 35→all"]);
    expect(labels(30)).toEqual(["Show 10→10", "Show 20→20", "Show all 35→all"]);
    expect(labels("all")).toEqual(["Show 10→10", "Show 20→20", "Show 30→30"]);
  });

  test("a size that would show every deal anyway is left to 'Show all'", () => {
    expect(labels(10, 25)).toEqual(["Show 20→20", "Show all 25→all"]);
    expect(labels("all", 25)).toEqual(["Show 10→10", "Show 20→20"]);
    expect(labels(10, 12)).toEqual(["Show all 12→all"]);
    expect(labels(30, 12)).toEqual(["Show 10→10"]);
  });

  test("visibleDeals takes the first page, or everything", () => {
    const list = Array.from({ length: 25 }, (_, i) => i);
    expect(visibleDeals(list, 10)).toHaveLength(10);
    expect(visibleDeals(list, 30)).toHaveLength(25);
    expect(visibleDeals(list, "all")).toHaveLength(25);
  });
});

describe("the destination field", () => {
  test("a typed code is the code, uppercased", () => {
    expect(destinationCode(" lhr ")).toBe("LHR");
    expect(destinationCode("")).toBe("");
  });

  test("a city typed out in full is its airport", () => {
    expect(destinationCode("boston")).toBe("BOS");
  });

  test("anything else is kept as typed, so it matches nothing rather than a guess", () => {
    expect(destinationCode("Lon")).toBe("LON");
  });
});

describe("booking links", () => {
  test("use the deal's structured dates, which carry the year", () => {
    expect(dealTrip(deal(), NOW)).toEqual({ destination: "BOS", departDate: "2027-01-08", returnDate: "2027-01-10" });
  });

  test("fall back to the travel-date text, and to no dates when it cannot be read", () => {
    expect(dealTrip(deal({ departDate: "", returnDate: null, travelDates: "Mar 3 - Mar 7, 2027" }), NOW)).toEqual({
      destination: "BOS",
      departDate: "2027-03-03",
      returnDate: "2027-03-07",
    });
    expect(dealTrip(deal({ departDate: "", returnDate: null, travelDates: "soon" }), NOW)).toEqual({ destination: "BOS" });
  });

  test("Google Flights gets the exact search; without dates, the text search", () => {
    expect(bookingLinks(deal(), NOW).secondary?.url).toStartWith("https://www.google.com/travel/flights/search?tfs=");
    expect(bookingLinks(deal({ departDate: "", returnDate: null, travelDates: "soon" }), NOW).primary.url).toBe(
      "https://www.google.com/travel/flights?q=Flights%20from%20RDU%20to%20BOS&curr=USD&hl=en&gl=us",
    );
  });

  test("the primary action is the airline's pre-filled search where a pattern is known, else Google Flights' search, and says which", () => {
    const jetblue = bookingLinks(deal(), NOW).primary;
    expect(jetblue.label).toBe("Search on jetblue.com");
    expect(jetblue.url).toStartWith("https://www.jetblue.com/booking/flights?from=RDU&to=BOS&depart=2027-01-08");
    const delta = bookingLinks(deal({ airline: "Delta" }), NOW).primary;
    expect(delta.label).toBe("Search Delta on Google Flights");
    expect(delta.url).toStartWith("https://www.google.com/travel/flights/search?tfs=");
    expect(bookingLinks(deal({ airline: "Zed Air" }), NOW).primary).toMatchObject({ label: "Search on Google Flights", kind: "google-flights" });
  });
});

describe("display helpers", () => {
  test("money shows whole dollars, cents only when there are some", () => {
    expect(money(1234)).toBe("$1,234");
    expect(money("$99.5")).toBe("$99.50");
    expect(money(null)).toBe("—");
  });

  test("travel dates split into their two lines", () => {
    expect(travelDateLines("Fri, Jan 8 - Sun, Jan 10")).toEqual(["Fri, Jan 8", "Sun, Jan 10"]);
    expect(travelDateLines("Mon, Mar 3")).toEqual(["Mon, Mar 3"]);
  });
});
