import { describe, expect, test } from "bun:test";
import { hasDaysLeftToTravel, travelWindowPresets } from "../../src/domain/holiday-presets.ts";
import { firstFittingWindow, fitsTravelWindow, travelWindowProblem, type TravelWindowRule } from "../../src/domain/travel-windows.ts";

const window = (fields: Partial<TravelWindowRule> = {}): TravelWindowRule => ({
  startDate: "2026-11-21",
  endDate: "2026-11-29",
  minNights: null,
  maxNights: null,
  needsWeekend: false,
  ...fields,
});

describe("a deal fits a travel window", () => {
  test("when the whole trip lies inside the window's dates", () => {
    expect(fitsTravelWindow({ departDate: "2026-11-21", returnDate: "2026-11-29" }, window())).toBe(true);
    expect(fitsTravelWindow({ departDate: "2026-11-20", returnDate: "2026-11-25" }, window())).toBe(false);
    expect(fitsTravelWindow({ departDate: "2026-11-25", returnDate: "2026-11-30" }, window())).toBe(false);
  });

  test("within the nights asked for; one-way trips have no nights", () => {
    const fourToSix = window({ minNights: 4, maxNights: 6 });
    expect(fitsTravelWindow({ departDate: "2026-11-21", returnDate: "2026-11-24" }, fourToSix)).toBe(false);
    expect(fitsTravelWindow({ departDate: "2026-11-21", returnDate: "2026-11-25" }, fourToSix)).toBe(true);
    expect(fitsTravelWindow({ departDate: "2026-11-21", returnDate: "2026-11-28" }, fourToSix)).toBe(false);
    expect(fitsTravelWindow({ departDate: "2026-11-22", returnDate: null }, fourToSix)).toBe(true);
  });

  test("with a Saturday or Sunday in the trip when the window needs a weekend", () => {
    const weekend = window({ startDate: "2026-11-01", endDate: "2026-11-30", needsWeekend: true });
    // Mon 23 → Thu 26: no weekend day; Thu 26 → Sat 28 and Sun 22 → Tue 24 have one.
    expect(fitsTravelWindow({ departDate: "2026-11-23", returnDate: "2026-11-26" }, weekend)).toBe(false);
    expect(fitsTravelWindow({ departDate: "2026-11-26", returnDate: "2026-11-28" }, weekend)).toBe(true);
    expect(fitsTravelWindow({ departDate: "2026-11-22", returnDate: "2026-11-24" }, weekend)).toBe(true);
    expect(fitsTravelWindow({ departDate: "2026-11-24", returnDate: "" }, weekend)).toBe(false);
    expect(fitsTravelWindow({ departDate: "2026-11-28", returnDate: "" }, weekend)).toBe(true);
  });

  test("the first fitting window is the one that starts first", () => {
    const windows = [
      { ...window({ startDate: "2026-11-10", endDate: "2026-11-30" }), name: "November" },
      { ...window(), name: "Thanksgiving week" },
      { ...window({ startDate: "2026-11-01", endDate: "2026-11-05" }), name: "Early" },
    ];
    expect(firstFittingWindow({ departDate: "2026-11-22", returnDate: "2026-11-26" }, windows)?.name).toBe("November");
    expect(firstFittingWindow({ departDate: "2026-12-22", returnDate: "2026-12-26" }, windows)).toBeNull();
  });
});

describe("saving a window", () => {
  const input = { name: "Thanksgiving", startDate: "2026-11-21", endDate: "2026-11-29", minNights: null, maxNights: null, needsWeekend: false };
  test("checks the name, real dates, their order, the nights and that it is not over, and names the field to fix", () => {
    expect(travelWindowProblem(input, "2026-11-20")).toBeNull();
    expect(travelWindowProblem({ ...input, name: "  " }, "2026-11-20")).toEqual({ field: "name", message: "Please give the window a name." });
    expect(travelWindowProblem({ ...input, startDate: "2026-02-30" }, "2026-11-20")?.field).toBe("startDate");
    expect(travelWindowProblem({ ...input, endDate: "" }, "2026-11-20")?.field).toBe("endDate");
    expect(travelWindowProblem({ ...input, endDate: "2026-11-01" }, "2026-10-01")).toEqual({
      field: "endDate",
      message: "The To date cannot be before the From date.",
    });
    expect(travelWindowProblem(input, "2026-12-01")).toEqual({ field: "endDate", message: "This window is already over: choose a To date from today on." });
    expect(travelWindowProblem({ ...input, maxNights: 61 }, "2026-11-20")?.field).toBe("maxNights");
    expect(travelWindowProblem({ ...input, minNights: 5, maxNights: 3 }, "2026-11-20")).toEqual({
      field: "minNights",
      message: "The minimum nights cannot be more than the maximum.",
    });
    expect(travelWindowProblem({ ...input, startDate: "2028-11-21", endDate: "2028-11-29" }, "2026-11-20")).toEqual({
      field: "startDate",
      message: "Windows can start at most 400 days ahead.",
    });
  });
});

describe("presets from the US federal holidays", () => {
  const presets = travelWindowPresets(new Date("2026-11-22T15:00:00Z"));
  const named = (prefix: string) => presets.find((preset) => preset.name.startsWith(prefix));

  test("Thanksgiving week runs from the Saturday before Thanksgiving (Nov 26, 2026) to the Sunday after", () => {
    expect(named("Thanksgiving week 2026")).toEqual({ name: "Thanksgiving week 2026", startDate: "2026-11-21", endDate: "2026-11-29" });
  });

  test("the winter break runs from the Saturday before Christmas to the Sunday after New Year's Day", () => {
    expect(named("Winter break")).toEqual({ name: "Winter break 2026–2027", startDate: "2026-12-19", endDate: "2027-01-03" });
  });

  test("Monday holidays make a Saturday–Monday long weekend", () => {
    expect(named("Memorial Day")).toEqual({ name: "Memorial Day weekend 2027", startDate: "2027-05-29", endDate: "2027-05-31" });
    expect(named("Labor Day")).toEqual({ name: "Labor Day weekend 2027", startDate: "2027-09-04", endDate: "2027-09-06" });
  });

  test("only windows not over yet and starting within a year, soonest first", () => {
    expect(presets.every((preset) => preset.endDate >= "2026-11-22" && preset.startDate <= "2027-11-22")).toBe(true);
    expect(presets.map((preset) => preset.startDate)).toEqual([...presets.map((preset) => preset.startDate)].sort());
    expect(named("Veterans Day weekend 2026")).toBeUndefined();
    expect(presets.length).toBeGreaterThanOrEqual(10);
  });
});

describe("presets offer only windows with days left to travel", () => {
  test("on Nov 28, 2026 this year's Thanksgiving week (ending tomorrow) is not offered; next year's is, first among the Thanksgivings", () => {
    const presets = travelWindowPresets(new Date("2026-11-28T15:00:00Z"));
    const thanksgivings = presets.filter((preset) => preset.name.startsWith("Thanksgiving week"));
    expect(thanksgivings).toEqual([{ name: "Thanksgiving week 2027", startDate: "2027-11-20", endDate: "2027-11-28" }]);
    expect(presets[0]!.name).toBe("Winter break 2026–2027");
  });

  test("a window under way is offered while three days of it remain from tomorrow", () => {
    const thanksgiving = { startDate: "2026-11-21", endDate: "2026-11-29" };
    expect(hasDaysLeftToTravel(thanksgiving, "2026-11-20")).toBe(true);
    expect(hasDaysLeftToTravel(thanksgiving, "2026-11-26")).toBe(true); // Nov 27–29
    expect(hasDaysLeftToTravel(thanksgiving, "2026-11-27")).toBe(false); // Nov 28–29
    expect(hasDaysLeftToTravel(thanksgiving, "2026-11-29")).toBe(false);
  });

  test("a window shorter than three days is offered until the day before it starts", () => {
    const oneDay = { startDate: "2027-06-16", endDate: "2027-06-16" };
    expect(hasDaysLeftToTravel(oneDay, "2027-06-15")).toBe(true);
    expect(hasDaysLeftToTravel(oneDay, "2027-06-16")).toBe(false);
  });
});
