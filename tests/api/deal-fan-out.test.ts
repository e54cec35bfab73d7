import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { deals, emailOutbox, userDeals, users, type UserPreferences } from "../../db/schema.ts";
import { hasDealAccess } from "../../src/domain/access.ts";
import { DEAL_ALERT_KIND, type DealAlertPayload } from "../../src/server/alerts/alert-queue.ts";
import { fanOutOwedDeals, hasOwedFanOut } from "../../src/server/alerts/fan-out.ts";
import { fitsPreferences } from "../../src/domain/matching.ts";
import { DEAL_ACCESS_SQL } from "../../src/server/deals/matching-sql.ts";
import { emailRenderers } from "../../src/server/jobs.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

const DAY = 86_400_000;

const preferences = (fields: Partial<UserPreferences> = {}): UserPreferences => ({ destinations: [], maxPrice: 500, nonstopOnly: false, ...fields });

function pairs(t: TestApp) {
  return t.db
    .select({ userId: userDeals.userId, dealId: userDeals.dealId, version: userDeals.alertVersion, isNew: userDeals.isNew })
    .from(userDeals)
    .all()
    .sort((a, b) => a.userId - b.userId || a.dealId - b.dealId);
}

function queuedAlerts(t: TestApp) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, DEAL_ALERT_KIND))
    .all()
    .map((row) => ({ to: row.toAddress, payload: row.payload as unknown as DealAlertPayload, dedupeKey: row.dedupeKey }));
}

/** Every (user, deal, version) an alert email announced, with how many times. */
function announcements(t: TestApp): Map<string, number> {
  const counts = new Map<string, number>();
  for (const alert of queuedAlerts(t)) {
    for (const [dealId, version] of alert.payload.deals) {
      const key = `${alert.payload.userId}:${dealId}@${version}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

const deliver = (t: TestApp) => deliverDueEmails({ ...t.deps, templates: emailRenderers(t.deps) });

describe("the access rule in SQL", () => {
  test("agrees with hasDealAccess on a table of cases", async () => {
    const t = createTestApp();
    const now = t.clock.now();
    const later = new Date(now.getTime() + DAY);
    const earlier = new Date(now.getTime() - DAY);
    const cases = [
      { subscriptionStatus: "Active", cancelAtPeriodEnd: false, currentPeriodEnd: null },
      { subscriptionStatus: "Active", cancelAtPeriodEnd: false, currentPeriodEnd: earlier },
      { subscriptionStatus: "Active", cancelAtPeriodEnd: true, currentPeriodEnd: later },
      { subscriptionStatus: "Active", cancelAtPeriodEnd: true, currentPeriodEnd: earlier },
      { subscriptionStatus: "Active", cancelAtPeriodEnd: true, currentPeriodEnd: now },
      { subscriptionStatus: "Active", cancelAtPeriodEnd: true, currentPeriodEnd: null },
      { subscriptionStatus: "Paused", cancelAtPeriodEnd: false, currentPeriodEnd: later },
      { subscriptionStatus: "Cancelled", cancelAtPeriodEnd: true, currentPeriodEnd: later },
      { subscriptionStatus: "Past Due", cancelAtPeriodEnd: false, currentPeriodEnd: later },
      { subscriptionStatus: "None", cancelAtPeriodEnd: false, currentPeriodEnd: null },
      { subscriptionStatus: "active", cancelAtPeriodEnd: false, currentPeriodEnd: null },
    ];
    const expected = new Map<number, boolean>();
    for (const fields of cases) {
      const user = await createUser(t, fields);
      expected.set(user.id, hasDealAccess(fields, now));
    }
    const granted = new Set(
      (t.db.$client.query(`SELECT u.id FROM users u WHERE ${DEAL_ACCESS_SQL}`).values({ now: now.getTime() }) as [number][]).map(([id]) => id),
    );
    for (const [id, access] of expected) expect([id, granted.has(id)]).toEqual([id, access]);
    expect([...expected.values()].filter(Boolean).length).toBeGreaterThan(1);
  });
});

describe("matching by preferences", () => {
  test("the fan-out gives each deal to exactly the subscribers fitsPreferences picks", async () => {
    const t = createTestApp();
    const preferenceCases: UserPreferences[] = [
      preferences(),
      preferences({ destinations: ["LHR"] }),
      preferences({ destinations: ["lax", "DEN"] }),
      preferences({ destinations: ["ORD"], maxPrice: 900 }),
      preferences({ maxPrice: 150 }),
      preferences({ maxPrice: 199 }),
      preferences({ nonstopOnly: true }),
      preferences({ destinations: ["LHR", "LAX"], maxPrice: 1000, nonstopOnly: true }),
      { destinations: [], nonstopOnly: false } as unknown as UserPreferences,
    ];
    const subscribers = [];
    for (const prefs of preferenceCases) subscribers.push(await createUser(t, { preferences: prefs }));
    const offered = [
      insertDeal(t, { destination: "LAX", price: 199, nonstop: true }),
      insertDeal(t, { destination: "LHR", price: 612, nonstop: true }),
      insertDeal(t, { destination: "DEN", price: 149, nonstop: false }),
      insertDeal(t, { destination: "ORD", price: 480, nonstop: false }),
    ];

    const result = await fanOutOwedDeals(t.deps, { batchSize: 4 });

    const expected = subscribers.flatMap((user) =>
      offered.filter((deal) => fitsPreferences(user.preferences, deal)).map((deal) => ({ userId: user.id, dealId: deal.id, version: 1, isNew: true })),
    );
    expect(pairs(t)).toEqual(expected);
    expect(result.matches).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(8);
  });

  test("subscribers without access get nothing, and neither pairs nor emails", async () => {
    const t = createTestApp();
    const active = await createUser(t);
    for (const subscriptionStatus of ["Paused", "Cancelled", "Past Due"]) await createUser(t, { subscriptionStatus });
    await createUser(t, { cancelAtPeriodEnd: true, currentPeriodEnd: new Date(t.clock.now().getTime() - DAY) });
    const keeping = await createUser(t, { cancelAtPeriodEnd: true, currentPeriodEnd: new Date(t.clock.now().getTime() + DAY) });
    const deal = insertDeal(t);
    await fanOutOwedDeals(t.deps);
    expect(pairs(t).map((pair) => pair.userId)).toEqual([active.id, keeping.id]);
    expect(queuedAlerts(t).map((alert) => alert.payload.userId)).toEqual([active.id, keeping.id]);
    expect(t.db.select().from(deals).where(eq(deals.id, deal.id)).get()!.fannedOutVersion).toBe(1);
    expect(hasOwedFanOut(t.db)).toBe(false);
  });
});

describe("alert emails", () => {
  test("go only to subscribers with email alerts on, one per fan-out grouping its deals, with one-click unsubscribe headers", async () => {
    const t = createTestApp();
    const alerted = await createUser(t, { firstName: "Ana" });
    const quiet = await createUser(t, { emailAlerts: false });
    insertDeal(t, {
      destination: "LAX",
      price: 199,
      departDate: "2027-01-08",
      returnDate: "2027-01-15",
      airline: "Delta",
      percentBelowTypical: 48,
      typicalLow: 340,
      typicalHigh: 420,
      typicalMedian: 383,
    });
    insertDeal(t, {
      destination: "ORD",
      price: 104,
      departDate: "2027-01-23",
      returnDate: "2027-01-30",
      airline: "United",
      percentBelowTypical: 41,
      typicalLow: 157,
      typicalHigh: 182,
      typicalMedian: 176,
      nonstop: false,
    });
    await fanOutOwedDeals(t.deps);

    expect(pairs(t).filter((pair) => pair.userId === quiet.id)).toHaveLength(2);
    await deliver(t);
    expect(t.mailer.sent.map((mail) => mail.to)).toEqual([alerted.email]);
    const [mail] = t.mailer.sent;
    const unsubscribe = `http://localhost:3000/unsubscribe?token=${alerted.unsubscribeToken}`;
    expect(mail!.headers["List-Unsubscribe"]).toBe(`<${unsubscribe}>`);
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.subject).toBe("2 new deals from RDU: Los Angeles $199, Chicago (O'Hare) $104");
    expect(mail!.text).toContain("Hi Ana,");
    expect(mail!.text).toContain("Los Angeles (LAX): $199 round trip, 48% below typical");
    expect(mail!.text).toContain(
      "Fri, Jan 8 - Fri, Jan 15, 2027 · Delta · Nonstop · Save $184: the typical fare is $383 (usually $340–$420 for week-long trips to Los Angeles in January)",
    );
    expect(mail!.text).toContain("Compare on Google Flights: https://www.google.com/travel/flights/search?tfs=");
    expect(mail!.text).toContain("Search on united.com: https://www.united.com/en/us/fsr/choose-flights?f=RDU&t=ORD&d=2027-01-23&r=2027-01-30");
    expect(mail!.text).toContain("Search Delta on Google Flights: https://www.google.com/travel/flights/search?tfs=");
    expect(mail!.text).toContain("Visit delta.com: https://www.delta.com/");
    expect(mail!.text).toContain("All your deals: http://localhost:3000/dashboard");
    expect(mail!.text).toContain(`Stop deal alerts: ${unsubscribe}`);
    expect(mail!.html).toContain(`href="${unsubscribe}"`);
  });

  test("each scan's new deals come in their own email, and a deal is never announced twice at one version", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    insertDeal(t, { destination: "LAX" });
    insertDeal(t, { destination: "DEN" });
    await fanOutOwedDeals(t.deps);
    t.clock.advance(6 * 3_600_000);
    insertDeal(t, { destination: "BOS" });
    await fanOutOwedDeals(t.deps);
    await fanOutOwedDeals(t.deps);

    expect(queuedAlerts(t).map((alert) => alert.payload.deals.length)).toEqual([2, 1]);
    expect([...announcements(t).values()].every((count) => count === 1)).toBe(true);
    await deliver(t);
    expect(t.mailer.sent.map((mail) => [mail.to, mail.subject.split(":")[0]])).toEqual([
      [user.email, "2 new deals from RDU"],
      [user.email, "$199 round trip to Boston, 48% below typical"],
    ]);
  });

  test("a re-alert at a lower price reaches the subscriber again as new, in a new email", async () => {
    const t = createTestApp();
    await createUser(t);
    const deal = insertDeal(t, { price: 199 });
    await fanOutOwedDeals(t.deps);
    t.db.update(userDeals).set({ isNew: false, viewedAt: t.clock.now() }).run();
    t.db.update(deals).set({ alertVersion: 2, price: 160, lastAlertedPrice: 160 }).where(eq(deals.id, deal.id)).run();
    await fanOutOwedDeals(t.deps);

    expect(pairs(t)).toEqual([expect.objectContaining({ dealId: deal.id, version: 2, isNew: true })]);
    expect(queuedAlerts(t).map((alert) => alert.payload.deals)).toEqual([[[deal.id, 1]], [[deal.id, 2]]]);
  });

  test("a deal that ended before its fan-out ran is not sent, and an email whose deals all ended is not owed", async () => {
    const t = createTestApp();
    await createUser(t);
    const ended = insertDeal(t, { isActive: false, expiredReason: "7 days old", expiredAt: t.clock.now() });
    await fanOutOwedDeals(t.deps);
    expect(pairs(t)).toEqual([]);
    expect(t.db.select().from(deals).where(eq(deals.id, ended.id)).get()!.fannedOutVersion).toBe(1);

    const live = insertDeal(t);
    await fanOutOwedDeals(t.deps);
    t.db.update(deals).set({ isActive: false, expiredAt: t.clock.now(), expiredReason: "price rose above the typical low" }).where(eq(deals.id, live.id)).run();
    await deliver(t);
    expect(t.mailer.sent).toEqual([]);
    expect(
      t.db
        .select()
        .from(emailOutbox)
        .all()
        .map((row) => [row.status, row.lastError]),
    ).toEqual([["sent", "no longer owed"]]);
  });

  test("turning alerts off before delivery cancels an alert that was queued", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    insertDeal(t);
    await fanOutOwedDeals(t.deps);
    t.db.update(users).set({ emailAlerts: false }).where(eq(users.id, user.id)).run();
    await deliver(t);
    expect(t.mailer.sent).toEqual([]);
  });

  test("an SMTP outage delays alert emails and loses none", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    insertDeal(t);
    await fanOutOwedDeals(t.deps);
    t.mailer.failWith = new Error("connect ECONNREFUSED");
    expect(await deliver(t)).toEqual({ sent: 0, failed: 1, skipped: 0 });
    t.mailer.failWith = null;
    t.clock.advance(60_000);
    expect(await deliver(t)).toEqual({ sent: 1, failed: 0, skipped: 0 });
    expect(t.mailer.sent.map((mail) => mail.to)).toEqual([user.email]);
  });
});

describe("a fan-out interrupted by a crash", () => {
  async function crowd(t: TestApp, count: number) {
    const subscribers = [];
    for (let i = 0; i < count; i++) subscribers.push(await createUser(t, { emailAlerts: i % 3 !== 0 }));
    return subscribers;
  }

  test("resumes where it stopped: every pair once, every alert once, nothing lost", async () => {
    const t = createTestApp();
    const subscribers = await crowd(t, 10);
    const first = insertDeal(t, { destination: "LAX" });
    const second = insertDeal(t, { destination: "DEN" });

    const crash = new Error("killed");
    const interrupted = fanOutOwedDeals(t.deps, {
      batchSize: 3,
      onBatch: (index) => {
        if (index === 2) throw crash;
      },
    });
    await expect(interrupted).rejects.toBe(crash);

    // Batches 0 and 1 committed (6 subscribers), batch 2 rolled back, the rest never ran.
    const done = subscribers.slice(0, 6).map((u) => u.id);
    expect([...new Set(pairs(t).map((pair) => pair.userId))]).toEqual(done);
    expect(queuedAlerts(t).every((alert) => done.includes(alert.payload.userId))).toBe(true);
    expect(hasOwedFanOut(t.db)).toBe(true);

    // The next scan found one more deal before the fan-out was resumed.
    const third = insertDeal(t, { destination: "BOS" });
    await fanOutOwedDeals(t.deps, { batchSize: 3 });
    await fanOutOwedDeals(t.deps, { batchSize: 3 });

    const expected = subscribers.flatMap((user) => [first, second, third].map((deal) => ({ userId: user.id, dealId: deal.id, version: 1, isNew: true })));
    expect(pairs(t)).toEqual(expected);
    const alerted = subscribers.filter((user) => user.emailAlerts);
    const counts = announcements(t);
    expect(counts.size).toBe(alerted.length * 3);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    for (const user of alerted.filter((u) => done.includes(u.id))) {
      expect(
        queuedAlerts(t)
          .filter((a) => a.payload.userId === user.id)
          .map((a) => a.payload.deals.length),
      ).toEqual([2, 1]);
    }
    for (const user of alerted.filter((u) => !done.includes(u.id))) {
      expect(
        queuedAlerts(t)
          .filter((a) => a.payload.userId === user.id)
          .map((a) => a.payload.deals.length),
      ).toEqual([3]);
    }
    expect(hasOwedFanOut(t.db)).toBe(false);

    await deliver(t);
    const sentTo = t.mailer.sent.map((mail) => mail.to);
    expect(sentTo.length).toBe(queuedAlerts(t).length);
  });
});
