/** The replay's realistic Travel Explore answer (issue 43 item 5, decision 119): share priced, trip lengths and weekdays, lag. */
import { describe, expect, test } from "bun:test";
import { daysBetween, HOUR_MS, weekdayOf } from "../../src/domain/calendar.ts";
import type { DiscoveryRequest } from "../../src/server/fares/sources/fare-source.ts";
import { exploreAnswer, exploreTrips, listPositions, pricedShare } from "../eval/explore-answer.ts";
import { seededRandom } from "../../src/server/fares/sources/seeded-random.ts";

const NOW = new Date("2026-03-02T15:00:00Z");
const request = (over: Partial<DiscoveryRequest> = {}): DiscoveryRequest => ({
  now: NOW,
  tripKind: "weekend",
  month: null,
  area: "north-america",
  destination: null,
  nonstopOnly: false,
  ...over,
});
const NORTH_AMERICA = [...listPositions(request(), seededRandom("x")).keys()];

describe("a realistic Travel Explore answer", () => {
  test("weekends leave Thursday to Saturday for 1–4 nights and come back Sunday or Monday; not only the grid's Friday → Sunday", () => {
    const trips = exploreTrips(request());
    const shapes = new Set(trips.map((t) => `${weekdayOf(t.departDate)}+${daysBetween(t.departDate, t.returnDate)}`));
    expect([...shapes].sort()).toEqual(["4+3", "4+4", "5+2", "5+3", "6+1", "6+2"]);
    for (const trip of trips) expect([0, 1]).toContain(weekdayOf(trip.returnDate));
    expect(trips.length).toBeGreaterThanOrEqual(25 * 6);
  });

  test("weeks leave Thursday to Monday for 6–9 nights; a month's answer stays in that month", () => {
    const trips = exploreTrips(request({ tripKind: "week", month: 6 }));
    const weekdays = new Set(trips.map((t) => weekdayOf(t.departDate)));
    const nights = new Set(trips.map((t) => daysBetween(t.departDate, t.returnDate)));
    expect([...weekdays].sort()).toEqual([0, 1, 4, 5, 6]);
    expect([...nights].sort()).toEqual([6, 7, 8, 9]);
    expect(trips.every((t) => t.departDate.startsWith("2026-06"))).toBe(true);
  });

  test("the share priced falls with popularity: the captures' 59 of 60, 33 of 60 and 19 of 62", () => {
    expect([pricedShare(1), pricedShare(40), pricedShare(41), pricedShare(60), pricedShare(61)]).toEqual([59 / 60, 59 / 60, 33 / 60, 33 / 60, 19 / 62]);
    let priced = 0;
    let mcoPriced = 0;
    let albPriced = 0;
    const answers = 400;
    for (let i = 0; i < answers; i++) {
      const rows = exploreAnswer("seed", request({ now: new Date(NOW.getTime() + i * HOUR_MS) }), NORTH_AMERICA, () => 100);
      priced += rows.length;
      if (rows.some((r) => r.destination === "MCO")) mcoPriced++;
      if (rows.some((r) => r.destination === "ALB")) albPriced++;
    }
    // 72 North American routes: 40 at 59/60, 20 at 33/60, 12 at 19/62 → about 54 priced an answer.
    const expected = 40 * (59 / 60) + 20 * (33 / 60) + 12 * (19 / 62);
    expect(Math.abs(priced / answers - expected)).toBeLessThan(1);
    expect(priced / answers).toBeLessThan(NORTH_AMERICA.length - 10);
    // Orlando (five airlines) is nearly always priced; Albany (Breeze alone) shares the list's tail with the other one-airline routes.
    expect(mcoPriced / answers).toBeGreaterThan(0.95);
    expect(albPriced / answers).toBeLessThan(0.8);
  });

  test("a route searched by its own airport is first in its list and priced; routes outside the discovery never appear", () => {
    expect(listPositions(request({ area: "caribbean", destination: "PUJ" }), seededRandom("y"))).toEqual(new Map([["PUJ", 1]]));
    const rows = exploreAnswer("seed", request(), ["MCO", "LHR"], () => 100);
    expect(rows.map((r) => r.destination)).not.toContain("LHR");
  });

  test("prices lag: each row is the world's fare 0 to 3 hours before the answer (Google's cache plus the provider's hour)", () => {
    // A fare that is the hour it was asked for, so the price shows the moment it was taken.
    const fareAt = (_route: string, _trip: unknown, at: number) => 1000 + (NOW.getTime() - at) / HOUR_MS;
    const lags = new Map<number, number>();
    for (let i = 0; i < 300; i++) {
      const answerAt = new Date(NOW.getTime() + i * HOUR_MS);
      for (const row of exploreAnswer("seed", request({ now: answerAt }), ["MCO", "ATL", "LAS"], (r, t, at) => fareAt(r, t, at - i * HOUR_MS))) {
        expect(row.price).toBe(1000 + row.lagHours);
        lags.set(row.lagHours, (lags.get(row.lagHours) ?? 0) + 1);
      }
    }
    expect([...lags.keys()].sort()).toEqual([0, 1, 2, 3]);
    // 0 + 0 and 1 + 2 are the rarest sums (1 in 6 each), 1 and 2 hours the commonest (1 in 3 each).
    expect(lags.get(1)!).toBeGreaterThan(lags.get(0)!);
    expect(lags.get(2)!).toBeGreaterThan(lags.get(3)!);
  });

  test("each row is the cheapest of the window's trips, on whatever weekday it falls", () => {
    const trips = exploreTrips(request());
    const cheap = trips.find((t) => weekdayOf(t.departDate) === 4 && daysBetween(t.departDate, t.returnDate) === 4)!;
    const rows = exploreAnswer("seed", request(), ["MCO"], (_r, trip) =>
      trip.departDate === cheap.departDate && trip.returnDate === cheap.returnDate ? 80 : 200,
    );
    expect(rows).toEqual([{ destination: "MCO", departDate: cheap.departDate, returnDate: cheap.returnDate, price: 80, lagHours: rows[0]!.lagHours }]);
  });

  test("an exact-date answer prices each place for that one trip, with the same share priced by popularity (decision 139)", () => {
    const dates = { departDate: "2026-05-22", returnDate: "2026-05-24" };
    expect(exploreTrips(request({ dates }))).toEqual([dates]);
    let priced = 0;
    const answers = 200;
    for (let i = 0; i < answers; i++) {
      const rows = exploreAnswer("seed", request({ dates, now: new Date(NOW.getTime() + i * HOUR_MS) }), NORTH_AMERICA, () => 100);
      for (const row of rows) expect({ departDate: row.departDate, returnDate: row.returnDate }).toEqual(dates);
      priced += rows.length;
    }
    const expected = 40 * (59 / 60) + 20 * (33 / 60) + 12 * (19 / 62);
    expect(Math.abs(priced / answers - expected)).toBeLessThan(1.5);
  });
});
