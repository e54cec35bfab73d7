/**
 * Puts test data straight into a running server's database file, for the browser tests (which run under
 * Node and cannot open SQLite themselves). Usage:
 *   bun tests/support/seed.ts user --db PATH --email E [--password P] [--needs-setup] [--first-name N] [--status S] [--type T]
 *        [--preferences JSON] [--email-alerts on|off]
 *        (seeded subscribers have no quiet hours: browser tests wait for alerts in real time, at any hour)
 *   bun tests/support/seed.ts deals --db PATH --user-id N [--count K] [--new N] [--ended N]
 *        K deterministic deals in that user's list (see seedDeals), with 90 days of price history per deal
 *   bun tests/support/seed.ts deal-alert --db PATH --destination LHR [--price P] [--airline A] [--stops] [--depart D --return D] [--percent N]
 *        a brand-new deal, fanned out at once by the server's own code: pairs for every matching subscriber
 *        and alert emails queued in the outbox, which the running server then delivers
 *   bun tests/support/seed.ts scan --db PATH
 *        a finished fare scan (the newest one), with the fixed figures SEEDED_SCAN lists
 *   bun tests/support/seed.ts end-deal --db PATH --deal-id N
 *        the deal ends now (its price rose), as a scan would end it
 *   bun tests/support/seed.ts fare-drop --db PATH --deal-id N --price P
 *        a fare observed now for the deal's route and dates, then the server's own fare watch on booked trips
 */
import { parseArgs } from "node:util";
import { openDatabase, type Db } from "../../db/client.ts";
import { deals, fareObservations, fareScans, userDeals, type UserPreferences } from "../../db/schema.ts";
import { cityForCode } from "../../src/domain/airports.ts";
import { formatTravelDates, toIsoDate } from "../../src/domain/travel-dates.ts";
import { insertUser } from "../../src/server/auth/users.ts";
import { fanOutOwedDeals } from "../../src/server/deals/fan-out.ts";
import { watchBookedTrips } from "../../src/server/trips/fare-watch.ts";
import { rduToday } from "../../src/domain/calendar.ts";
import { addDays, seedDealAt } from "./seed-deals-data.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    "needs-setup": { type: "boolean", default: false },
    "first-name": { type: "string", default: "Sam" },
    "last-name": { type: "string", default: "Traveler" },
    status: { type: "string", default: "Active" },
    type: { type: "string", default: "Paid" },
    plan: { type: "string", default: "monthly" },
    preferences: { type: "string" },
    "email-alerts": { type: "string", default: "on" },
    "user-id": { type: "string" },
    count: { type: "string", default: "35" },
    new: { type: "string" },
    ended: { type: "string", default: "0" },
    destination: { type: "string" },
    price: { type: "string", default: "399" },
    airline: { type: "string", default: "British Airways" },
    stops: { type: "boolean", default: false },
    to: { type: "string" },
    "deal-id": { type: "string" },
    depart: { type: "string" },
    return: { type: "string" },
    percent: { type: "string", default: "45" },
  },
});

function localDay(iso: string): Date {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

function seedDeals(db: Db, userId: number, count: number, newCount: number, endedCount: number) {
  const now = new Date();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const ids: number[] = [];
  db.transaction((tx) => {
    for (let i = 0; i < count; i++) {
      const deal = seedDealAt(i, count, today);
      const ended = i >= count - endedCount;
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
          travelDates: formatTravelDates(localDay(deal.departDate), deal.returnDate ? localDay(deal.returnDate) : null),
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
          isActive: !ended,
          expiredAt: ended ? now : null,
          expiredReason: ended ? "price rose" : null,
          // Already delivered: the scanner's fan-out must not pick these up.
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
      // 90 days of daily lows for this trip: around the typical price, dropping to this deal's price today.
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

/** `dates`: 'YYYY-MM-DD' departure and return; by default 40 days ahead, for a week. */
async function seedDealAlert(
  db: Db,
  destination: string,
  price: number,
  airline: string,
  nonstop: boolean,
  dates: { depart?: string; return?: string },
  percent: number,
) {
  const now = new Date();
  const local = (iso: string) => new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  const depart = dates.depart ? local(dates.depart) : new Date(now.getFullYear(), now.getMonth(), now.getDate() + 40);
  const ret = dates.return ? local(dates.return) : addDays(depart, 7);
  const typicalMedian = Math.round(price / 0.55);
  const row = db
    .insert(deals)
    .values({
      dedupeKey: `seed-alert:${destination}:${now.getTime()}:${Math.random().toString(36).slice(2)}`,
      origin: "RDU",
      destination,
      airline,
      tripType: "round_trip",
      cabin: "economy",
      departDate: toIsoDate(depart),
      returnDate: toIsoDate(ret),
      travelDates: formatTravelDates(depart, ret),
      destinationCity: cityForCode(destination) ?? destination,
      price,
      durationMinutes: 480,
      nonstop,
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
  const result = await fanOutOwedDeals({ db, clock: { now: () => new Date() } });
  return { dealId: row.id, ...result };
}

function endDeal(db: Db, dealId: number) {
  db.$client.query("UPDATE deals SET is_active = 0, expired_at = $now, expired_reason = 'price rose' WHERE id = $id").run({ id: dealId, now: Date.now() });
}

/** The observation a scan would store for the deal's trip at this price, then the watch that follows every scan. */
function fareDrop(db: Db, dealId: number, price: number) {
  const now = new Date();
  db.$client
    .query(
      `INSERT INTO fare_observations (origin, destination, trip_type, cabin, nonstop, depart_date, return_date, price, airline, source, observed_day, observed_at)
       SELECT origin, destination, trip_type, cabin, nonstop, depart_date, return_date, $price, airline, 'seed', $day, $now FROM deals WHERE id = $id
       ON CONFLICT (origin, destination, trip_type, cabin, depart_date, return_date, observed_day) DO UPDATE SET price = excluded.price, observed_at = excluded.observed_at`,
    )
    .run({ id: dealId, price, day: rduToday(now), now: now.getTime() });
  return { alerts: watchBookedTrips({ db, clock: { now: () => new Date() } }) };
}

/** Figures no real scan of the simulated market produces, so a test knows the row it sees is this one. */
const SEEDED_SCAN = {
  source: "seeded-source",
  status: "succeeded",
  routes: 17,
  quotes: 4321,
  dealsFound: 23,
  newDeals: 9,
  matches: 6,
  errors: ["LIS: provider timed out"],
  quotaLeft: 987,
} as const;

function seedScan(db: Db) {
  const finishedAt = new Date();
  const startedAt = new Date(finishedAt.getTime() - 95_000);
  return db
    .insert(fareScans)
    .values({ ...SEEDED_SCAN, errors: [...SEEDED_SCAN.errors], startedAt, finishedAt })
    .returning({ id: fareScans.id })
    .get();
}

const db = openDatabase(values.db!);
try {
  const command = positionals[0];
  if (command === "user") {
    const user = insertUser(
      db,
      {
        email: values.email!,
        firstName: values["first-name"]!,
        lastName: values["last-name"]!,
        passwordHash: values.password ? await Bun.password.hash(values.password, { algorithm: "argon2id" }) : null,
        needsPasswordSetup: values["needs-setup"],
        subscriptionStatus: values.status!,
        subscriptionType: values.type as "Paid" | "Free",
        planType: values.plan as "monthly" | "annual",
        emailAlerts: values["email-alerts"] !== "off",
        // No quiet hours: browser tests run at any hour and wait for alerts in real time.
        quietStart: 0,
        quietEnd: 0,
        ...(values.preferences ? { preferences: JSON.parse(values.preferences) as UserPreferences } : {}),
      },
      new Date(),
    );
    console.log(JSON.stringify({ id: user.id, email: user.email }));
  } else if (command === "deals") {
    const count = Number(values.count);
    const ids = seedDeals(db, Number(values["user-id"]), count, values.new === undefined ? count : Number(values.new), Number(values.ended));
    console.log(JSON.stringify({ ids }));
  } else if (command === "deal-alert") {
    const dates = { depart: values.depart, return: values.return };
    const result = await seedDealAlert(db, values.destination!, Number(values.price), values.airline!, !values.stops, dates, Number(values.percent));
    console.log(JSON.stringify(result));
  } else if (command === "outbox") {
    const rows = db.$client.query("SELECT kind FROM email_outbox WHERE lower(to_address) = lower($to) ORDER BY id").all({ to: values.to! });
    console.log(JSON.stringify(rows.map((row) => (row as { kind: string }).kind)));
  } else if (command === "end-deal") {
    endDeal(db, Number(values["deal-id"]));
    console.log(JSON.stringify({ ended: true }));
  } else if (command === "fare-drop") {
    console.log(JSON.stringify(fareDrop(db, Number(values["deal-id"]), Number(values.price))));
  } else if (command === "scan") {
    console.log(JSON.stringify({ ...seedScan(db), ...SEEDED_SCAN }));
  } else {
    throw new Error(`unknown seed command: ${command}`);
  }
} finally {
  db.$client.close();
}
