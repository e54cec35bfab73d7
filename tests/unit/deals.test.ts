import { describe, expect, test } from "bun:test";
import {
  detectNonstop,
  goSavings,
  isNonstop,
  markerPosition,
  parsePrice,
  percentBelowTypical,
  priceRangePosition,
  typicalPriceOf,
} from "../../src/domain/deals";

describe("parsePrice", () => {
  test("extracts the amount from a dollar string with thousands commas", () => {
    expect(parsePrice("$1,234")).toBe(1234);
  });

  test("keeps cents after a decimal point", () => {
    expect(parsePrice("$299.99")).toBe(299.99);
  });

  test("reads a currency-code prefix and drops zero cents", () => {
    expect(parsePrice("USD 299.00")).toBe(299);
  });

  test("reads a bare numeric string", () => {
    expect(parsePrice("450")).toBe(450);
  });

  test("takes the first amount when text surrounds it", () => {
    expect(parsePrice("from $89 roundtrip")).toBe(89);
  });

  test("passes numbers through unchanged", () => {
    expect(parsePrice(199)).toBe(199);
    expect(parsePrice(0)).toBe(0);
  });

  test("returns null for null, undefined, empty and digit-free strings", () => {
    expect(parsePrice(null)).toBeNull();
    expect(parsePrice(undefined)).toBeNull();
    expect(parsePrice("")).toBeNull();
    expect(parsePrice("$")).toBeNull();
    expect(parsePrice("call for price")).toBeNull();
  });

  test("returns null for non-finite numbers", () => {
    expect(parsePrice(Number.NaN)).toBeNull();
    expect(parsePrice(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe("priceRangePosition", () => {
  test("places the starting price proportionally between low and high", () => {
    expect(priceRangePosition({ startingPrice: "$300", priceRange1: 200, priceRange2: 600 })).toBe(25);
  });

  test("parses price strings on every field", () => {
    expect(priceRangePosition({ startingPrice: "$1,500", priceRange1: "$1,000", priceRange2: "$2,000" })).toBe(50);
  });

  test("returns 50 when either end of the range is missing", () => {
    expect(priceRangePosition({ startingPrice: 300, priceRange1: 200 })).toBe(50);
    expect(priceRangePosition({ startingPrice: 300, priceRange2: 600 })).toBe(50);
    expect(priceRangePosition({ startingPrice: 300 })).toBe(50);
  });

  test("returns 50 when the starting price is unknown", () => {
    expect(priceRangePosition({ priceRange1: 200, priceRange2: 600 })).toBe(50);
  });

  test("returns 50 when the range is degenerate or inverted", () => {
    expect(priceRangePosition({ startingPrice: 300, priceRange1: 400, priceRange2: 400 })).toBe(50);
    expect(priceRangePosition({ startingPrice: 300, priceRange1: 600, priceRange2: 200 })).toBe(50);
  });

  test("clamps a price below the range to 0 and above it to 100", () => {
    expect(priceRangePosition({ startingPrice: 100, priceRange1: 200, priceRange2: 600 })).toBe(0);
    expect(priceRangePosition({ startingPrice: 900, priceRange1: 200, priceRange2: 600 })).toBe(100);
  });
});

describe("markerPosition", () => {
  test("clamps the table marker to at least 4 percent", () => {
    expect(markerPosition({ startingPrice: 200, priceRange1: 200, priceRange2: 600 })).toBe(4);
    expect(markerPosition({ startingPrice: 50, priceRange1: 200, priceRange2: 600 })).toBe(4);
  });

  test("clamps the table marker to at most 96 percent", () => {
    expect(markerPosition({ startingPrice: 600, priceRange1: 200, priceRange2: 600 })).toBe(96);
  });

  test("leaves positions inside 4..96 unchanged", () => {
    expect(markerPosition({ startingPrice: 300, priceRange1: 200, priceRange2: 600 })).toBe(25);
    expect(markerPosition({})).toBe(50);
  });
});

describe("goSavings: the one definition of savings (details, table, email)", () => {
  test("is the typical price shown beside the deal minus its price: $266 typical, $189 deal, Go Savings $77", () => {
    const deal = { startingPrice: 189, typicalPrice: 266, priceRange1: 240, priceRange2: 292 };
    expect(goSavings(deal)).toBe(77);
    expect(percentBelowTypical(189, 266)).toBe(29);
  });

  test("is in whole dollars, whatever cents the price has", () => {
    expect(goSavings({ startingPrice: "$189.40", typicalPrice: 266 })).toBe(77);
    expect(goSavings({ startingPrice: "$299.99", typicalPrice: "$500" })).toBe(200);
  });

  test("falls back to the middle of the typical range, in whole dollars, when the deal has no typical price", () => {
    expect(typicalPriceOf({ priceRange1: 301, priceRange2: 500 })).toBe(401);
    expect(goSavings({ startingPrice: 250, priceRange1: 301, priceRange2: 500 })).toBe(151);
    expect(goSavings({ startingPrice: 250, priceRange1: 300, priceRange2: 500, typicalPrice: 0 })).toBe(150);
  });

  test("is 0 when the price is not below the typical price", () => {
    expect(goSavings({ startingPrice: 450, typicalPrice: 400 })).toBe(0);
    expect(goSavings({ startingPrice: 400, typicalPrice: 400 })).toBe(0);
  });

  test("is 0 when the price or every typical figure is unknown", () => {
    expect(goSavings({ startingPrice: 250, priceRange2: 500 })).toBe(0);
    expect(goSavings({ startingPrice: 250, priceRange1: 300 })).toBe(0);
    expect(goSavings({ priceRange1: 300, priceRange2: 500, typicalPrice: 400 })).toBe(0);
  });
});

describe("percentBelowTypical", () => {
  test("is whole percent, negative above the typical price, 0 without one", () => {
    expect(percentBelowTypical(250, 380)).toBe(34);
    expect(percentBelowTypical(420, 400)).toBe(-5);
    expect(percentBelowTypical(100, 0)).toBe(0);
  });
});

describe("detectNonstop", () => {
  test("reads a boolean nonstop field", () => {
    expect(detectNonstop({ nonstop: true })).toBe("Yes");
    expect(detectNonstop({ nonstop: false })).toBe("No");
  });

  test("reads nonstop text Yes/No, true/false, nonstop and direct in any case", () => {
    expect(detectNonstop({ nonstop: "Yes" })).toBe("Yes");
    expect(detectNonstop({ nonstop: "No" })).toBe("No");
    expect(detectNonstop({ nonstop: "true" })).toBe("Yes");
    expect(detectNonstop({ nonstop: "FALSE" })).toBe("No");
    expect(detectNonstop({ nonstop: "Nonstop" })).toBe("Yes");
    expect(detectNonstop({ nonstop: " direct " })).toBe("Yes");
  });

  test("reads a boolean isDirect field", () => {
    expect(detectNonstop({ isDirect: true })).toBe("Yes");
    expect(detectNonstop({ isDirect: false })).toBe("No");
  });

  test("reads a numeric stops field: 0 is nonstop, more is not", () => {
    expect(detectNonstop({ stops: 0 })).toBe("Yes");
    expect(detectNonstop({ stops: 1 })).toBe("No");
    expect(detectNonstop({ stops: 2 })).toBe("No");
  });

  test("reads numeric strings in stops and stopsCount", () => {
    expect(detectNonstop({ stops: "0" })).toBe("Yes");
    expect(detectNonstop({ stops: "1" })).toBe("No");
    expect(detectNonstop({ stopsCount: 0 })).toBe("Yes");
    expect(detectNonstop({ stopsCount: " 2 " })).toBe("No");
  });

  test("ignores negative or fractional stop counts", () => {
    expect(detectNonstop({ stops: -1 })).toBeNull();
    expect(detectNonstop({ stopsCount: 1.5 })).toBeNull();
  });

  test("reads stopsText such as Nonstop, 1 stop and 2 stops", () => {
    expect(detectNonstop({ stopsText: "Nonstop" })).toBe("Yes");
    expect(detectNonstop({ stopsText: "non-stop" })).toBe("Yes");
    expect(detectNonstop({ stopsText: "0 stops" })).toBe("Yes");
    expect(detectNonstop({ stopsText: "1 stop" })).toBe("No");
    expect(detectNonstop({ stopsText: "2 stops" })).toBe("No");
  });

  test("reads a route with two airports as nonstop", () => {
    expect(detectNonstop({ route: "RDU-LHR" })).toBe("Yes");
    expect(detectNonstop({ route: "RDU → LHR" })).toBe("Yes");
  });

  test("reads a route with a connecting airport as not nonstop", () => {
    expect(detectNonstop({ route: "RDU-ATL-LHR" })).toBe("No");
    expect(detectNonstop({ route: "RDU → JFK → LHR" })).toBe("No");
    expect(detectNonstop({ route: "RDU->ATL->LHR" })).toBe("No");
  });

  test("reads a route given as a list of airports", () => {
    expect(detectNonstop({ route: ["RDU", "LHR"] })).toBe("Yes");
    expect(detectNonstop({ route: ["RDU", "ATL", "LHR"] })).toBe("No");
  });

  test("ignores a route with a single airport", () => {
    expect(detectNonstop({ route: "RDU" })).toBeNull();
  });

  test("reads notes mentioning nonstop, non-stop or direct as nonstop", () => {
    expect(detectNonstop({ notes: "Great nonstop fare" })).toBe("Yes");
    expect(detectNonstop({ notes: "Non-stop on Delta" })).toBe("Yes");
    expect(detectNonstop({ notes: "Direct flight" })).toBe("Yes");
  });

  test("reads notes mentioning a stop, layover or connection as not nonstop", () => {
    expect(detectNonstop({ notes: "Includes 1 stop in ATL" })).toBe("No");
    expect(detectNonstop({ notes: "Short layover" })).toBe("No");
    expect(detectNonstop({ notes: "Connecting in Charlotte" })).toBe("No");
  });

  test('does not read "indirect" in notes as direct', () => {
    expect(detectNonstop({ notes: "indirect routing" })).toBeNull();
  });

  test("returns null when nothing decides", () => {
    expect(detectNonstop({})).toBeNull();
    expect(detectNonstop({ nonstop: "maybe", stops: "several", notes: "great fare" })).toBeNull();
  });

  test("the nonstop field wins over later fields", () => {
    expect(detectNonstop({ nonstop: "No", isDirect: true, stops: 0 })).toBe("No");
  });

  test("isDirect wins over stops, and stops wins over the route", () => {
    expect(detectNonstop({ isDirect: true, stops: 2 })).toBe("Yes");
    expect(detectNonstop({ stops: 1, route: "RDU-LHR" })).toBe("No");
  });

  test("an undecided earlier field falls through to a later one", () => {
    expect(detectNonstop({ nonstop: "unknown", route: "RDU-ATL-LHR" })).toBe("No");
    expect(detectNonstop({ stopsText: "see notes", notes: "nonstop" })).toBe("Yes");
  });
});

describe("isNonstop", () => {
  test("is true only when detection says Yes", () => {
    expect(isNonstop({ nonstop: "Yes" })).toBe(true);
    expect(isNonstop({ nonstop: "No" })).toBe(false);
    expect(isNonstop({})).toBe(false);
  });
});
