import { describe, expect, test } from "bun:test";
import { dayNumber } from "../../src/domain/calendar.ts";
import { sameWeekdayAYearBefore } from "../../src/domain/year-before.ts";

const readAs = (departDate: string, expected: string) => expect(sameWeekdayAYearBefore(departDate)).toBe(dayNumber(expected));

describe("the departure day a year before that prices a date", () => {
  test("is the same weekday 52 weeks before for an ordinary date, and for a holiday kept on a date (4 July, Christmas)", () => {
    readAs("2026-03-14", "2025-03-15");
    readAs("2026-07-03", "2025-07-04");
    readAs("2026-12-24", "2025-12-25");
  });

  test("lines up on Labor Day when it moves a week: the Saturday before it in 2026 is read as the one before it in 2025", () => {
    // Labor Day: Monday 1 September 2025, Monday 7 September 2026.
    readAs("2026-09-05", "2025-08-30");
    readAs("2026-09-04", "2025-08-29");
    // The weekend a week before 2026's Labor Day is ordinary, not 2025's peak (52 weeks back would be 30 August 2025).
    readAs("2026-08-29", "2025-08-23");
  });

  test("is 52 weeks before near a weekday-bound holiday that did not move (Thanksgiving 2025 and 2026)", () => {
    readAs("2026-11-25", "2025-11-26");
    readAs("2026-11-28", "2025-11-29");
  });
});
