/**
 * What a grid source keeps as price history (decision 144): the prices of one regular scan per quarter of the RDU day,
 * the quarter's first. A grid scanning every 3 hours then learns from the same four sightings a day as one scanning
 * every 6, instead of a day's lowest that more sightings pull down by chance.
 */
import { expect, test } from "bun:test";
import { gridPricePeriodOf } from "../../src/domain/deal-rules.ts";
import { runScan } from "../../src/server/fares/scanner.ts";
import { createTestApp } from "../support/test-app.ts";
import { HOUR, quiet, quote, scriptedSource } from "../support/scripted-fares.ts";

/** 05:00 UTC: midnight in Raleigh on 1 December (EST). */
const MIDNIGHT = Date.parse("2026-12-01T05:00:00Z");

test("a grid scanning every 3 hours keeps the first scan of each quarter of the day, and a second look keeps nothing", async () => {
  const t = createTestApp();
  let price = 0;
  const fares = scriptedSource(() => (price > 0 ? [quote({ price })] : []));
  const scanAt = async (hoursAfterMidnight: number, fare: number, secondLook = false) => {
    t.clock.set(new Date(MIDNIGHT + hoursAfterMidnight * HOUR));
    price = fare;
    return runScan({ ...t.deps, fares }, { ...quiet, secondLook });
  };
  const kept = () => t.db.$client.query("SELECT price, observed_day FROM fare_observations WHERE destination = 'LAX'").all();

  expect((await scanAt(0, 400)).status).toBe("succeeded");
  await scanAt(1, 250, true); // a second look at a drop's dates
  await scanAt(3, 300); // the quarter's second scan
  expect(kept()).toEqual([{ price: 400, observed_day: "2026-12-01" }]);

  await scanAt(6, 380);
  await scanAt(9, 350);
  await scanAt(12, 370);
  expect(kept()).toEqual([{ price: 370, observed_day: "2026-12-01" }]);

  // A scan that finds no fare does not take its quarter from the next one.
  await scanAt(18, 0);
  await scanAt(21, 360);
  const scans = t.db.$client.query("SELECT kept_prices FROM fare_scans ORDER BY id").values().flat();
  expect(scans).toEqual([1, 0, 0, 1, 0, 1, 0, 1]);

  // The next day's first scan keeps its prices, whatever the hour of the day before's last.
  await scanAt(24, 390);
  expect(kept()).toEqual([
    { price: 360, observed_day: "2026-12-01" },
    { price: 390, observed_day: "2026-12-02" },
  ]);
});

test("the quarters of the day are Raleigh's, across the change to summer time", () => {
  const at = (iso: string) => gridPricePeriodOf(new Date(iso));
  expect(at("2026-12-01T05:00:00Z")).toBe("2026-12-01 0"); // 00:00 EST
  expect(at("2026-12-01T10:59:00Z")).toBe("2026-12-01 0"); // 05:59 EST
  expect(at("2026-12-01T11:00:00Z")).toBe("2026-12-01 1"); // 06:00 EST
  expect(at("2026-12-02T04:59:00Z")).toBe("2026-12-01 3"); // 23:59 EST
  expect(at("2026-03-08T09:30:00Z")).toBe("2026-03-08 0"); // 05:30 EDT, the morning summer time starts
  expect(at("2026-03-08T10:00:00Z")).toBe("2026-03-08 1"); // 06:00 EDT
});
