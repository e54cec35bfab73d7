/** When a drop alerts and when its dates alert again (docs/deal-rules.md, rules 4 and 5): the pure rules of detect.ts. */
import { describe, expect, test } from "bun:test";
import { dayNumber } from "../../src/domain/calendar.ts";
import { DEAL_RULES, secondLookDelayMs } from "../../src/domain/deal-rules.ts";
import { deservesNewAlert, dropHasHeld, heldItsFare, isNewEpisode, usualDailyLow } from "../../src/server/fares/judge/detect.ts";
import type { Observation } from "../../src/server/fares/judge/observations.ts";
import { buildRouteModel } from "../../src/server/fares/judge/typical-range.ts";

const HOUR = 3_600_000;
const today = "2026-11-22";
const now = new Date("2026-11-22T15:00:00Z");

describe("episodes and alerting again", () => {
  test("an ended deal's dates alert again only for a separate drop 12% below their usual daily low (15% in a discovery sweep)", () => {
    const { grid, sweep } = DEAL_RULES.newEpisode;
    expect(isNewEpisode(264, 300, grid)).toBe(true);
    expect(isNewEpisode(265, 300, grid)).toBe(false);
    expect(isNewEpisode(255, 300, sweep)).toBe(true);
    expect(isNewEpisode(256, 300, sweep)).toBe(false);
    expect(isNewEpisode(256, null, grid)).toBe(true);
  });

  test("the usual daily low is the median of the last week's daily lows, oldest first in the route model", () => {
    const pair = { departDate: "2027-02-12", returnDate: "2027-02-14" };
    const day = (daysAgo: number) => dayNumber(today) - daysAgo;
    const prices = [300, 310, 305, 295, 300, 290, 320, 280];
    const observations: Observation[] = prices.map((price, i) => ({ ...pair, price, day: day(8 - i) })).reverse();
    const lows = buildRouteModel(observations, today)!.pairRecentLows.get("2027-02-12|2027-02-14")!;
    expect(lows.map((low) => low.day)).toEqual([1, 2, 3, 4, 5, 6, 7].map((k) => day(8 - k)));
    expect(usualDailyLow(lows, null)).toBe(300);
    expect(usualDailyLow([], null)).toBeNull();
  });

  test("an earlier sale's days are not usual: the usual daily low counts the days after its deal ended", () => {
    const day = (daysAgo: number) => dayNumber(today) - daysAgo;
    // Seven days: four of the earlier sale (its deal ended four days ago), then three back at the ordinary fare.
    const prices = [200, 200, 205, 210, 300, 310, 305];
    const lows = prices.map((price, i) => ({ price, day: day(7 - i) }));
    expect(usualDailyLow(lows, null)).toBe(210);
    expect(isNewEpisode(240, usualDailyLow(lows, null), DEAL_RULES.newEpisode.grid)).toBe(false);
    expect(usualDailyLow(lows, day(4))).toBe(305);
    expect(isNewEpisode(255, usualDailyLow(lows, day(4)), DEAL_RULES.newEpisode.grid)).toBe(true);
    // A deal that ended today has no day after it: the whole week is its usual, so a fare bobbing back is not new.
    expect(usualDailyLow(lows, day(0))).toBe(210);
  });

  test("a drop waiting to hold past midnight is not its own usual low: only the days before it was first seen count", () => {
    const day = (daysAgo: number) => dayNumber(today) - daysAgo;
    // The deal ended three days ago; two days back at $300, then yesterday the new drop at $240 was first seen.
    const lows = [
      { day: day(4), price: 200 },
      { day: day(2), price: 300 },
      { day: day(1), price: 240 },
    ];
    expect(usualDailyLow(lows, day(3))).toBe(270);
    expect(isNewEpisode(240, usualDailyLow(lows, day(3)), DEAL_RULES.newEpisode.grid)).toBe(false);
    expect(usualDailyLow(lows, day(3), day(1))).toBe(300);
    expect(isNewEpisode(240, usualDailyLow(lows, day(3), day(1)), DEAL_RULES.newEpisode.grid)).toBe(true);
    // With no day before it since the deal ended, the days before it that remain are its usual.
    expect(usualDailyLow(lows, day(2), day(1))).toBe(250);
  });

  test("a drop is alerted once it has held: first seen 3 to 24 hours ago; a possible mistake fare half an hour", () => {
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const ordinary = 0.3;
    const mistake = 0.55;
    expect(dropHasHeld(null, now, ordinary)).toBe(false);
    expect(dropHasHeld(ago(61), now, ordinary)).toBe(false);
    expect(dropHasHeld(ago(179), now, ordinary)).toBe(false);
    expect(dropHasHeld(ago(180), now, ordinary)).toBe(true);
    expect(dropHasHeld(ago(24 * 60), now, ordinary)).toBe(true);
    expect(dropHasHeld(ago(24 * 60 + 1), now, ordinary)).toBe(false);
    expect(dropHasHeld(null, now, mistake)).toBe(false);
    expect(dropHasHeld(ago(29), now, mistake)).toBe(false);
    expect(dropHasHeld(ago(30), now, mistake)).toBe(true);
    expect(dropHasHeld(ago(24 * 60 + 1), now, mistake)).toBe(false);
  });

  test("a drop holds only at the fare it was first seen at, a cent in the dollar either way; a sighting with no fare starts again", () => {
    expect(heldItsFare(200, 200)).toBe(true);
    expect(heldItsFare(200, 202)).toBe(true);
    expect(heldItsFare(200, 198)).toBe(true);
    expect(heldItsFare(200, 202.5)).toBe(false);
    expect(heldItsFare(200, 197.5)).toBe(false);
    expect(heldItsFare(null, 200)).toBe(false);
  });

  test("a new episode on dates that had a deal holds 12 hours, 6 in a discovery sweep (a possible mistake fare still half an hour)", () => {
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const { grid, sweep } = DEAL_RULES.newEpisode;
    expect(dropHasHeld(ago(180), now, 0.3, grid)).toBe(false);
    expect(dropHasHeld(ago(719), now, 0.3, grid)).toBe(false);
    expect(dropHasHeld(ago(720), now, 0.3, grid)).toBe(true);
    expect(dropHasHeld(ago(359), now, 0.3, sweep)).toBe(false);
    expect(dropHasHeld(ago(360), now, 0.3, sweep)).toBe(true);
    expect(dropHasHeld(ago(24 * 60 + 1), now, 0.3, grid)).toBe(false);
    expect(dropHasHeld(ago(30), now, 0.55, grid)).toBe(true);
  });

  test("a drop that has not held is looked at again a minute past the first full hour at least 30 minutes away", () => {
    const at = (time: string) => Date.parse(`2026-11-22T${time}Z`);
    expect(at("10:00") + secondLookDelayMs(at("10:00"))).toBe(at("11:01"));
    expect(at("10:29") + secondLookDelayMs(at("10:29"))).toBe(at("11:01"));
    expect(at("10:31") + secondLookDelayMs(at("10:31"))).toBe(at("12:01"));
  });

  test("a live deal alerts again after a further fall of the larger of 10% and $25, and 24 hours", () => {
    const last = { price: 400, alertedAt: new Date(now.getTime() - 25 * HOUR) };
    expect(deservesNewAlert(last, 361, now)).toBe(false);
    expect(deservesNewAlert(last, 360, now)).toBe(true);
    const cheap = { price: 120, alertedAt: new Date(now.getTime() - 25 * HOUR) };
    expect(deservesNewAlert(cheap, 96, now)).toBe(false);
    expect(deservesNewAlert(cheap, 95, now)).toBe(true);
    expect(deservesNewAlert({ price: 400, alertedAt: new Date(now.getTime() - 23 * HOUR) }, 200, now)).toBe(false);
  });
});
