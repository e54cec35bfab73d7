import { describe, expect, test } from "bun:test";
import { AIRPORT_CITIES, cityForCode } from "../../src/domain/airports.ts";
import { findAirline } from "../../src/domain/airlines.ts";
import {
  DESTINATIONS,
  DESTINATION_COUNTS,
  DOMESTIC_DESTINATIONS,
  INTERNATIONAL_DESTINATIONS,
  isInternational,
  searchDestinations,
  suggestDestinations,
} from "../../src/domain/destinations.ts";

const INTERNATIONAL_CODES = ["BDA", "YYC", "FRA", "LHR", "MEX", "MBJ", "YUL", "PTY", "CDG", "PUJ", "KEF", "SJU", "YYZ", "YVR"];

describe("destination catalogue", () => {
  test("the catalogue holds 81 nonstop destinations: 67 domestic and 14 international", () => {
    expect(DESTINATION_COUNTS).toEqual({ total: 81, domestic: 67, international: 14 });
    expect(DESTINATIONS).toHaveLength(81);
    expect(DOMESTIC_DESTINATIONS).toHaveLength(67);
    expect(INTERNATIONAL_DESTINATIONS).toHaveLength(14);
  });

  test("the international list is exactly the fourteen marketed codes, SJU included", () => {
    expect(INTERNATIONAL_DESTINATIONS.map((d) => d.code).sort()).toEqual([...INTERNATIONAL_CODES].sort());
    expect(INTERNATIONAL_DESTINATIONS.every((d) => d.region === "international")).toBe(true);
    expect(DOMESTIC_DESTINATIONS.every((d) => d.region === "domestic")).toBe(true);
  });

  test("every destination code appears once and looks like an IATA airport code", () => {
    const codes = DESTINATIONS.map((d) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
    expect(codes).not.toContain("RDU");
  });

  test("every destination has a city in the airport map and uses it", () => {
    for (const d of DESTINATIONS) {
      expect(AIRPORT_CITIES[d.code]).toBeDefined();
      expect(d.city).toBe(cityForCode(d.code) ?? "");
    }
  });

  test("every destination is served by at least one airline, and each airline resolves by name", () => {
    for (const d of DESTINATIONS) {
      expect(d.airlines.length).toBeGreaterThan(0);
      for (const name of d.airlines) expect(findAirline(name)?.name).toBe(name);
    }
  });

  test("the airport map has about 150 entries of three-letter codes", () => {
    const codes = Object.keys(AIRPORT_CITIES);
    expect(codes.length).toBeGreaterThanOrEqual(140);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
  });
});

describe("cityForCode", () => {
  test("looks a code up case-insensitively and ignores surrounding spaces", () => {
    expect(cityForCode("bos")).toBe("Boston");
    expect(cityForCode(" LHR ")).toBe("London (Heathrow)");
  });

  test("returns undefined for unknown codes and object prototype names", () => {
    expect(cityForCode("ZZZ")).toBeUndefined();
    expect(cityForCode("constructor")).toBeUndefined();
  });
});

describe("isInternational", () => {
  test("recognises every international code regardless of case", () => {
    for (const code of INTERNATIONAL_CODES) {
      expect(isInternational(code)).toBe(true);
      expect(isInternational(code.toLowerCase())).toBe(true);
    }
  });

  test("treats domestic and unknown codes as not international", () => {
    expect(isInternational("BOS")).toBe(false);
    expect(isInternational("LAX")).toBe(false);
    expect(isInternational("ZZZ")).toBe(false);
    expect(isInternational("")).toBe(false);
  });
});

describe("searchDestinations", () => {
  test("an empty query lists the whole catalogue", () => {
    expect(searchDestinations("  ")).toHaveLength(81);
  });

  test("matches a city substring case-insensitively", () => {
    const codes = searchDestinations("new york").map((d) => d.code);
    expect(codes.sort()).toEqual(["JFK", "LGA"]);
  });

  test("matches an airport code", () => {
    expect(searchDestinations("lhr").map((d) => d.code)).toEqual(["LHR"]);
  });

  test("matches an airline name, returning only destinations it serves", () => {
    const results = searchDestinations("icelandair");
    expect(results.map((d) => d.code)).toEqual(["KEF"]);
    for (const d of searchDestinations("Southwest")) expect(d.airlines).toContain("Southwest");
  });

  test("returns nothing when nothing matches", () => {
    expect(searchDestinations("atlantis")).toEqual([]);
  });

  test("lists destinations in order of city, the name they are read by", () => {
    const cities = searchDestinations("").map((d) => d.city);
    expect(cities).toEqual([...cities].sort((a, b) => a.localeCompare(b, "en")));
    expect(searchDestinations("new york").map((d) => d.code)).toEqual(["JFK", "LGA"]);
  });
});

describe("suggestDestinations", () => {
  test("an empty or blank query suggests nothing", () => {
    expect(suggestDestinations("")).toEqual([]);
    expect(suggestDestinations("   ")).toEqual([]);
  });

  test("suggests at most eight airports by default, and honours a smaller limit", () => {
    expect(suggestDestinations("a").length).toBe(8);
    expect(suggestDestinations("a", 3).length).toBe(3);
  });

  test("an exact code match comes first", () => {
    expect(suggestDestinations("bos")[0]).toEqual({ code: "BOS", city: "Boston" });
    expect(suggestDestinations("SAN")[0]).toEqual({ code: "SAN", city: "San Diego" });
  });

  test("prefix matches on code or city come before other substring matches", () => {
    const results = suggestDestinations("san", 20);
    const isPrefix = (s: { code: string; city: string }) => s.code.toLowerCase().startsWith("san") || s.city.toLowerCase().startsWith("san");
    const firstSubstringOnly = results.findIndex((s) => !isPrefix(s));
    expect(firstSubstringOnly).toBeGreaterThan(0);
    expect(results.slice(firstSubstringOnly).every((s) => !isPrefix(s))).toBe(true);
    expect(results.map((s) => s.code)).toContain("SFB"); // "Orlando (Sanford)" is a substring match
  });

  test("matches cities case-insensitively, including airports named in parentheses", () => {
    expect(
      suggestDestinations("LONDON")
        .map((s) => s.code)
        .sort(),
    ).toEqual(["LGW", "LHR"]);
    expect(suggestDestinations("laguardia")).toEqual([{ code: "LGA", city: "New York (LaGuardia)" }]);
  });
});
