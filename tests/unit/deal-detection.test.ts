import { describe, expect, test } from "bun:test";
import { dealKey, expiryReason, judgeFare, recheckExpiryReason, tierFor } from "../../src/server/fares/judge/detect.ts";
import { rangeAround } from "../../src/server/fares/judge/typical-range.ts";
import { seededRandom, normalDraw } from "../../src/server/fares/sources/seeded-random.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const today = "2026-11-22";
const now = new Date("2026-11-22T15:00:00Z");

const range = (median: number, spread = 0.06) => rangeAround(Math.log(median), spread, 100, "weekend");

describe("what counts as a deal", () => {
  test("a true drop on a synthetic history is found, and ordinary noise is not", () => {
    const typical = range(400, 0.08);
    const fare = (price: number) => judgeFare({ price, destination: "LAX", departDate: "2027-02-12" }, typical, today);
    const random = seededRandom("today");
    const noise = Array.from({ length: 500 }, () => Math.round(400 * Math.exp(0.08 * normalDraw(random))));
    expect(noise.filter((price) => fare(price).isDeal).length).toBeLessThanOrEqual(2);
    expect(fare(260).isDeal).toBe(true);
    expect(fare(255).tier).toBe("great");
  });

  test("domestic: 20% and $45 below the typical price ($50 less the typical price's margin)", () => {
    const lax = (price: number) => judgeFare({ price, destination: "LAX", departDate: "2027-02-12" }, range(380), today);
    expect(lax(303)).toMatchObject({ isDeal: true, tier: "good" });
    expect(lax(305)).toMatchObject({ isDeal: false, reason: "less than 20% below typical" });
    const atl = (price: number) => judgeFare({ price, destination: "ATL", departDate: "2027-02-12" }, range(170), today);
    expect(atl(126)).toMatchObject({ isDeal: false, reason: "saves less than $45" });
    expect(atl(125)).toMatchObject({ isDeal: true, tier: "good" });
  });

  test("departure must be at least 7 days away", () => {
    const fare = (departDate: string) => judgeFare({ price: 200, destination: "LAX", departDate }, range(380), today);
    expect(fare("2026-11-28")).toMatchObject({ isDeal: false, reason: "departs in less than 7 days" });
    expect(fare("2026-11-29").isDeal).toBe(true);
  });

  test("tiers: good 20–34%, great 35–49%, exceptional from 50%", () => {
    expect([0.19, 0.2, 0.349, 0.35, 0.499, 0.5, 0.8].map(tierFor)).toEqual([null, "good", "good", "great", "great", "exceptional", "exceptional"]);
  });
});

describe("de-duplication and alerting again", () => {
  test("one key per route, trip type, cabin and dates", () => {
    const base = {
      origin: "RDU",
      destination: "LAX",
      tripType: "round_trip" as const,
      cabin: "economy" as const,
      departDate: "2027-02-12",
      returnDate: "2027-02-14",
    };
    expect(dealKey(base)).toBe("RDU-LAX|round_trip|economy|2027-02-12|2027-02-14");
    expect(dealKey({ ...base, returnDate: null, tripType: "one_way" })).toBe("RDU-LAX|one_way|economy|2027-02-12|");
    expect(new Set([dealKey(base), dealKey({ ...base, cabin: "business" }), dealKey({ ...base, returnDate: "2027-02-15" })]).size).toBe(3);
  });

  // The re-alert rule (the larger of 10% and $25, and 24 hours) is tested in deal-engine.test.ts.
});

describe("expiry", () => {
  const live = { departDate: "2027-02-12", lastSeenAt: now, lastAlertedAt: now };

  test("a re-check above the typical low ends a deal; at or below it, it lives", () => {
    expect(recheckExpiryReason(341, 340)).toBe("price rose above the typical low");
    expect(recheckExpiryReason(340, 340)).toBeNull();
  });

  test("after 48 hours unseen, within 3 days of departure, or 7 days after its alert", () => {
    expect(expiryReason(live, now, today)).toBeNull();
    expect(expiryReason({ ...live, lastSeenAt: new Date(now.getTime() - 47 * HOUR) }, now, today)).toBeNull();
    expect(expiryReason({ ...live, lastSeenAt: new Date(now.getTime() - 48 * HOUR) }, now, today)).toBe("not seen for 48 hours");
    expect(expiryReason({ ...live, departDate: "2026-11-26" }, now, today)).toBeNull();
    expect(expiryReason({ ...live, departDate: "2026-11-25" }, now, today)).toBe("departs within 3 days");
    expect(expiryReason({ ...live, lastAlertedAt: new Date(now.getTime() - 7 * DAY + HOUR) }, now, today)).toBeNull();
    expect(expiryReason({ ...live, lastAlertedAt: new Date(now.getTime() - 7 * DAY) }, now, today)).toBe("7 days old");
  });
});
