/**
 * A ready world for a test: members, their deals, a published deal alert, a recorded scan, a signed-in session,
 * written straight into the product's database with the product's own code. The API and server-render tests call
 * these on their in-process app's database; the browser tests reach the same functions through the test seam
 * (seam.ts), which the test server (e2e-server.ts) mounts and the product never does.
 */
import type { Db } from "../../../db/client.ts";
import { eq } from "drizzle-orm";
import { deals, fareObservations, fareScans, testBillingObjects, trialClaims, userDeals, users } from "../../../db/schema.ts";
import { cityForCode } from "../../../src/domain/airports.ts";
import { rduToday } from "../../../src/domain/calendar.ts";
import { formatTravelDates, toIsoDate } from "../../../src/domain/travel-dates.ts";
import { SESSION_COOKIE } from "../../../src/server/auth/cookies.ts";
import { createSession } from "../../../src/server/auth/sessions.ts";
import { hashToken } from "../../../src/server/auth/tokens.ts";
import { insertUser } from "../../../src/server/auth/users.ts";
import { checkTestCard } from "../../../src/server/billing/test-cards.ts";
import { subscriptionAt, type TestSubscription } from "../../../src/server/billing/test-billing.ts";
import { trialUsedBy } from "../../../src/server/billing/trial-claims.ts";
import type { Clock } from "../../../src/server/clock.ts";
import { fanOutOwedDeals } from "../../../src/server/alerts/fan-out.ts";
import { watchBookedTrips } from "../../../src/server/trips/fare-watch.ts";
import { addDays, seedDealAt } from "./seed-deals-data.ts";
import { type DealAlertOptions, type DealsOptions, MEMBER_PASSWORD, type Member, type MemberOptions, SEEDED_SCAN, uniqueEmail } from "./shapes.ts";

export * from "./shapes.ts";

export interface World {
  db: Db;
  clock: Clock;
}

let counter = 0;

/** argon2 is slow on purpose: a test server hashes each distinct password once. */
const passwordHashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!passwordHashes.has(password)) passwordHashes.set(password, Bun.password.hash(password, { algorithm: "argon2id" }));
  return passwordHashes.get(password)!;
};

/** A member with an active paid subscription, no quiet hours (tests wait for alerts at any hour), unless told otherwise. */
export async function addMember({ db, clock }: World, options: MemberOptions = {}): Promise<Member> {
  const password = options.password ?? MEMBER_PASSWORD;
  const user = insertUser(
    db,
    {
      email: options.email ?? uniqueEmail("member"),
      firstName: options.firstName ?? "Sam",
      lastName: options.lastName ?? "Traveler",
      passwordHash: options.needsSetup ? null : await hashOf(password),
      needsPasswordSetup: options.needsSetup ?? false,
      subscriptionStatus: options.status ?? "Active",
      subscriptionType: options.type ?? "Paid",
      planType: options.plan ?? "monthly",
      emailAlerts: options.emailAlerts ?? true,
      quietStart: 0,
      quietEnd: 0,
      ...(options.preferences ? { preferences: options.preferences } : {}),
    },
    clock.now(),
  );
  return { id: user.id, email: user.email, password };
}

/** A session for the member, as a sign-in opens it (and notes the sign-in): the cookie's name and value, and when it expires. */
export function mintSession({ db, clock }: World, userId: number) {
  const now = clock.now();
  db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId)).run();
  const { token, session } = createSession(db, userId, now);
  return { name: SESSION_COOKIE, value: token, expiresAt: session.expiresAt };
}

function localDay(iso: string): Date {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/**
 * Puts `count` deterministic deals (seed-deals-data.ts) in the member's list, newest first in index order, each with
 * 90 days of price history ending at its price today; already delivered, so no fan-out picks them up. Returns their
 * ids in list order.
 */
export function addDeals({ db, clock }: World, userId: number, { count, newCount = count, ended = 0 }: DealsOptions): number[] {
  const now = clock.now();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const ids: number[] = [];
  db.transaction((tx) => {
    for (let i = 0; i < count; i++) {
      const deal = seedDealAt(i, count, today);
      const isEnded = i >= count - ended;
      const at = new Date(now.getTime() - i * 60_000);
      const tripType = deal.returnDate ? "round_trip" : "one_way";
      const row = tx
        .insert(deals)
        .values({
          dedupeKey: `seed:${userId}:${i}:${now.getTime()}`,
          origin: "RDU",
          destination: deal.destination,
          airline: deal.airline,
          tripType,
          cabin: deal.cabin,
          departDate: deal.departDate,
          returnDate: deal.returnDate,
          travelDates: formatTravelDates(deal.departDate, deal.returnDate || null, rduToday(now)),
          destinationCity: cityForCode(deal.destination) ?? deal.destination,
          price: deal.price,
          durationMinutes: deal.durationMinutes,
          nonstop: deal.nonstop,
          typicalLow: deal.typicalLow,
          typicalHigh: deal.typicalHigh,
          typicalMedian: deal.typicalMedian,
          percentBelowTypical: deal.percentBelowTypical,
          tier: deal.tier,
          source: "seed",
          isActive: !isEnded,
          expiredAt: isEnded ? now : null,
          expiredReason: isEnded ? "price rose" : null,
          alertVersion: 1,
          fannedOutVersion: 1,
          lastAlertedAt: at,
          lastAlertedPrice: deal.price,
          firstFoundAt: at,
          lastSeenAt: at,
          lastCheckedAt: at,
        })
        .returning({ id: deals.id })
        .get();
      ids.push(row.id);
      tx.insert(userDeals)
        .values({ userId, dealId: row.id, isNew: i < newCount, alertVersion: 1, createdAt: at, viewedAt: i < newCount ? null : at })
        .run();
      for (let day = 90; day >= 0; day -= 3) {
        const observed = addDays(today, -day);
        const wave = Math.sin((day + i * 5) / 9) * 0.08 + Math.cos(day / 4) * 0.03;
        const historic = day === 0 ? deal.price : Math.round(deal.typicalMedian * (1 + wave));
        tx.insert(fareObservations)
          .values({
            origin: "RDU",
            destination: deal.destination,
            tripType,
            cabin: deal.cabin,
            nonstop: deal.nonstop,
            departDate: deal.departDate,
            returnDate: deal.returnDate,
            price: historic,
            airline: deal.airline,
            durationMinutes: deal.durationMinutes,
            source: "seed",
            observedDay: toIsoDate(observed),
            observedAt: new Date(observed.getTime() + 12 * 3_600_000),
          })
          .onConflictDoNothing()
          .run();
      }
    }
  });
  return ids;
}

/**
 * A brand-new deal, fanned out at once by the server's own code: every subscriber it fits gets it in their list, and
 * alerts are queued for those with alerts on; the running server then delivers them.
 */
export async function publishDealAlert(world: World, options: DealAlertOptions) {
  const { db, clock } = world;
  const { destination, price = 399, airline = "British Airways", percent = 45 } = options;
  const now = clock.now();
  const depart = options.depart ? localDay(options.depart) : new Date(now.getFullYear(), now.getMonth(), now.getDate() + 40);
  const ret = options.return ? localDay(options.return) : addDays(depart, 7);
  const typicalMedian = Math.round(price / 0.55);
  const row = db
    .insert(deals)
    .values({
      dedupeKey: `seed-alert:${destination}:${now.getTime()}:${++counter}`,
      origin: "RDU",
      destination,
      airline,
      tripType: "round_trip",
      cabin: "economy",
      departDate: toIsoDate(depart),
      returnDate: toIsoDate(ret),
      travelDates: formatTravelDates(toIsoDate(depart), toIsoDate(ret), rduToday(now)),
      destinationCity: cityForCode(destination) ?? destination,
      price,
      durationMinutes: 480,
      nonstop: !options.stops,
      typicalLow: Math.round(typicalMedian * 0.9),
      typicalHigh: Math.round(typicalMedian * 1.15),
      typicalMedian,
      percentBelowTypical: percent,
      tier: "great",
      source: "seed",
      lastAlertedAt: now,
      lastAlertedPrice: price,
      firstFoundAt: now,
      lastSeenAt: now,
      lastCheckedAt: now,
    })
    .returning({ id: deals.id })
    .get();
  const result = await fanOutOwedDeals(world);
  return { dealId: row.id, ...result };
}

/** The deal ends now, as a scan ends one whose price rose. */
export function endDeal({ db, clock }: World, dealId: number): void {
  db.$client
    .query("UPDATE deals SET is_active = 0, expired_at = $now, expired_reason = 'price rose' WHERE id = $id")
    .run({ id: dealId, now: clock.now().getTime() });
}

/** A fare observed now for the deal's trip at this price, then the fare watch that follows every scan: the drop alerts it queued. */
export function observeFareDrop(world: World, dealId: number, price: number): number {
  const now = world.clock.now();
  world.db.$client
    .query(
      `INSERT INTO fare_observations (origin, destination, trip_type, cabin, nonstop, depart_date, return_date, price, airline, source, observed_day, observed_at)
       SELECT origin, destination, trip_type, cabin, nonstop, depart_date, return_date, $price, airline, 'seed', $day, $now FROM deals WHERE id = $id
       ON CONFLICT (origin, destination, trip_type, cabin, depart_date, return_date, observed_day) DO UPDATE SET price = excluded.price, observed_at = excluded.observed_at`,
    )
    .run({ id: dealId, price, day: rduToday(now), now: now.getTime() });
  return watchBookedTrips(world);
}

/** A finished fare scan (the newest one), with SEEDED_SCAN's figures; returns them with its id. */
export function recordSeededScan({ db, clock }: World) {
  const finishedAt = clock.now();
  const startedAt = new Date(finishedAt.getTime() - 95_000);
  const { id } = db
    .insert(fareScans)
    .values({ ...SEEDED_SCAN, errors: [...SEEDED_SCAN.errors], startedAt, finishedAt })
    .returning({ id: fareScans.id })
    .get();
  return { id, ...SEEDED_SCAN, errors: [...SEEDED_SCAN.errors] };
}

/** The kinds of the emails owed or sent to this address, oldest first: only an outbox row ever becomes an email. */
export function outboxKindsTo({ db }: World, email: string): string[] {
  const rows = db.$client.query("SELECT kind FROM email_outbox WHERE lower(to_address) = lower($to) ORDER BY id").all({ to: email }) as { kind: string }[];
  return rows.map((row) => row.kind);
}

/**
 * Forgets that this test card had a free trial (decision 098 gives one per card), so that the next signup with it
 * gets one: the browser tests' signups all pay with the same card on their worker's one server. Its address claims
 * are untouched. Throws if the product would still refuse the card (its claim key no longer made as here).
 */
export function forgetCardTrial({ db, clock }: World, cardNumber: string): void {
  const checked = checkTestCard({ cardNumber, expMonth: 12, expYear: 2099, cvc: "123" }, clock.now());
  if (!checked.ok) throw new Error(`not a good test card: ${cardNumber} (${checked.message})`);
  const { fingerprint } = checked.card;
  if (!fingerprint) throw new Error("test billing gave the card no fingerprint");
  db.delete(trialClaims)
    .where(eq(trialClaims.keyHash, hashToken(`card:${fingerprint}`)))
    .run();
  if (trialUsedBy(db, "nobody@forget-card-trial.invalid", fingerprint)) throw new Error(`the card ${cardNumber} still counts as having had its trial`);
}

/**
 * The member's free trial is over, as if its seven days had passed, without moving the clock: their test-billing
 * subscription becomes the paid plan, its first period starting now. The next look at it (a cancel, the dashboard)
 * finds it so. For tests of what a paying member meets (a cancelled paid year ends at once: decision 106).
 */
export function endFreeTrial({ db, clock }: World, email: string): void {
  const member = db.select().from(users).where(eq(users.email, email)).get();
  if (!member?.stripeSubscriptionId) throw new Error(`${email} has no subscription`);
  const row = db.select().from(testBillingObjects).where(eq(testBillingObjects.id, member.stripeSubscriptionId)).get();
  if (row?.data.status !== "trialing") throw new Error(`${email}'s subscription is not in its free trial`);
  const now = clock.now();
  const paid = subscriptionAt({ ...(row.data as unknown as TestSubscription), trialEnd: now.getTime(), currentPeriodEnd: now.getTime() }, now);
  db.update(testBillingObjects)
    .set({ data: paid as unknown as Record<string, unknown> })
    .where(eq(testBillingObjects.id, row.id))
    .run();
  db.update(users)
    .set({ trialEndsAt: null, currentPeriodEnd: new Date(paid.currentPeriodEnd) })
    .where(eq(users.id, member.id))
    .run();
}
