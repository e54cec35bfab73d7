import { describe, expect, test } from "bun:test";
import { AIRLINES, findAirline } from "../../src/domain/airlines.ts";

const DOCUMENTED_SITES: Record<string, string> = {
  DL: "delta.com",
  AA: "aa.com",
  UA: "united.com",
  WN: "southwest.com",
  B6: "jetblue.com",
  F9: "flyfrontier.com",
  NK: "spirit.com",
  MX: "flybreeze.com",
  XP: "aveloair.com",
  AS: "alaskaair.com",
  SY: "suncountry.com",
  G4: "allegiantair.com",
  AC: "aircanada.com",
  LH: "lufthansa.com",
  BA: "britishairways.com",
  FI: "icelandair.com",
  CM: "copaair.com",
  AF: "airfrance.us",
};

describe("airline table", () => {
  test("holds about 25 airlines with unique codes and names", () => {
    expect(AIRLINES.length).toBeGreaterThanOrEqual(23);
    expect(new Set(AIRLINES.map((a) => a.code)).size).toBe(AIRLINES.length);
    expect(new Set(AIRLINES.map((a) => a.name.toLowerCase())).size).toBe(AIRLINES.length);
  });

  test("every airline has an https home page and no airline claims URL parameter support", () => {
    for (const a of AIRLINES) {
      expect(new URL(a.website).protocol).toBe("https:");
      expect(a.supportsParams).toBe(false);
      expect(a.code).toMatch(/^[A-Z0-9]{2}$/);
    }
  });

  test("the airlines listed in docs/deal-rules.md use the documented codes and sites", () => {
    for (const [code, site] of Object.entries(DOCUMENTED_SITES)) {
      const airline = findAirline(code);
      expect(airline).toBeDefined();
      expect(new URL(airline?.website ?? "https://invalid").hostname.replace(/^www\./, "")).toBe(site);
    }
  });
});

describe("findAirline", () => {
  test("resolves an IATA code in any case", () => {
    expect(findAirline("DL")?.name).toBe("Delta");
    expect(findAirline("b6")?.name).toBe("JetBlue");
    expect(findAirline("g4")?.name).toBe("Allegiant");
  });

  test("resolves names case-insensitively and ignores surrounding spaces", () => {
    expect(findAirline("united")?.code).toBe("UA");
    expect(findAirline("  SOUTHWEST ")?.code).toBe("WN");
    expect(findAirline("british airways")?.code).toBe("BA");
  });

  test("tolerates corporate suffixes such as Airlines and Air Lines", () => {
    expect(findAirline("Delta Air Lines")?.code).toBe("DL");
    expect(findAirline("American Airlines")?.code).toBe("AA");
    expect(findAirline("Spirit Airlines")?.code).toBe("NK");
    expect(findAirline("Frontier Airlines")?.code).toBe("F9");
    expect(findAirline("Sun Country Airlines")?.code).toBe("SY");
    expect(findAirline("Hawaiian Airlines")?.code).toBe("HA");
  });

  test("resolves the documented aliases for Alaska, Allegiant and Copa", () => {
    expect(findAirline("Alaska Airlines")?.code).toBe("AS");
    expect(findAirline("Allegiant Air")?.code).toBe("G4");
    expect(findAirline("Copa Airlines")?.code).toBe("CM");
  });

  test("ignores accents and inner spacing differences", () => {
    expect(findAirline("Aeroméxico")?.code).toBe("AM");
    expect(findAirline("Jet Blue")?.code).toBe("B6");
  });

  test("does not mistake the word Air on its own for an airline named Air something", () => {
    expect(findAirline("Air")).toBeUndefined();
    expect(findAirline("Air Canada")?.code).toBe("AC");
    expect(findAirline("Air France")?.code).toBe("AF");
  });

  test("returns undefined for unknown or empty input", () => {
    expect(findAirline("Pan Am")).toBeUndefined();
    expect(findAirline("ZZ")).toBeUndefined();
    expect(findAirline("")).toBeUndefined();
    expect(findAirline("   ")).toBeUndefined();
  });
});
