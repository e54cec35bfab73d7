import { describe, expect, test } from "bun:test";
import { fitsPreferences } from "../../src/domain/matching.ts";

const lax = { destination: "LAX", price: 199, nonstop: false };

describe("fitsPreferences", () => {
  test("no destinations means every destination; otherwise the code must be listed, in any case", () => {
    expect(fitsPreferences({ destinations: [], maxPrice: 500, nonstopOnly: false }, lax)).toBe(true);
    expect(fitsPreferences({ destinations: ["lax"], maxPrice: 500, nonstopOnly: false }, lax)).toBe(true);
    expect(fitsPreferences({ destinations: ["LHR"], maxPrice: 500, nonstopOnly: false }, lax)).toBe(false);
  });

  test("the price must be at most maxPrice", () => {
    expect(fitsPreferences({ destinations: [], maxPrice: 199, nonstopOnly: false }, lax)).toBe(true);
    expect(fitsPreferences({ destinations: [], maxPrice: 198, nonstopOnly: false }, lax)).toBe(false);
  });

  test("nonstopOnly keeps nonstop deals only", () => {
    expect(fitsPreferences({ destinations: [], maxPrice: 500, nonstopOnly: true }, lax)).toBe(false);
    expect(fitsPreferences({ destinations: [], maxPrice: 500, nonstopOnly: true }, { ...lax, nonstop: true })).toBe(true);
  });

  test("missing preferences mean no limits", () => {
    expect(fitsPreferences(null, lax)).toBe(true);
    expect(fitsPreferences({}, { ...lax, price: 5000 })).toBe(true);
  });
});
