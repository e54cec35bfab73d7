/** A new deal must also be below its own dates' recent daily prices when the answer lists them (decision 141). */
import { describe, expect, test } from "bun:test";
import { addDays } from "../../src/domain/calendar.ts";
import { belowOwnDates, DEAL_RULES } from "../../src/domain/deal-rules.ts";

const TODAY = "2026-12-01";
/** Daily prices for the `days` days before today, oldest first, as Google's price history lists them. */
const days = (prices: readonly number[]) => prices.map((price, i) => ({ day: addDays(TODAY, i - prices.length), price }));
const flat = (count: number, price: number) => days(Array.from({ length: count }, () => price));

describe("a fare against its own dates' recent prices", () => {
  test("20 % or more below the median of the last 30 days is a deal by its own dates; less is not", () => {
    expect(DEAL_RULES.ownDates).toEqual({ shareBelow: 0.2, days: 30, minDays: 7 });
    expect(belowOwnDates(240, flat(30, 300), TODAY)).toBe(true);
    expect(belowOwnDates(200, flat(30, 300), TODAY)).toBe(true);
    expect(belowOwnDates(241, flat(30, 300), TODAY)).toBe(false);
    expect(belowOwnDates(299, flat(30, 300), TODAY)).toBe(false);
  });

  test("a sale's own first days do not hide it: the median of a month still says what the dates usually cost", () => {
    const threeSaleDays = days([...Array.from({ length: 27 }, () => 300), 200, 200, 200]);
    expect(belowOwnDates(200, threeSaleDays, TODAY)).toBe(true);
  });

  test("only the last 30 days before today count: older days, today and later stamps are left out", () => {
    const old = Array.from({ length: 30 }, (_, i) => ({ day: addDays(TODAY, -60 + i), price: 1000 }));
    expect(belowOwnDates(240, [...old, ...flat(30, 300)], TODAY)).toBe(true);
    expect(
      belowOwnDates(
        240,
        [...flat(30, 300), { day: TODAY, price: 5000 }, { day: addDays(TODAY, 1), price: 5000 }, { day: addDays(TODAY, 2), price: 5000 }],
        TODAY,
      ),
    ).toBe(true);
    // Only old days: too few recent ones to say.
    expect(belowOwnDates(240, old, TODAY)).toBeNull();
  });

  test("fewer than 7 days listed (or none, or nonsense prices): the dates cannot say, our typical price alone decides", () => {
    expect(belowOwnDates(240, [], TODAY)).toBeNull();
    expect(belowOwnDates(299, flat(6, 300), TODAY)).toBeNull();
    expect(belowOwnDates(299, flat(7, 300), TODAY)).toBe(false);
    expect(belowOwnDates(299, [...flat(6, 300), { day: addDays(TODAY, -7), price: 0 }], TODAY)).toBeNull();
  });
});
