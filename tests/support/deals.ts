import { deals } from "../../db/schema.ts";
import { cityForCode } from "../../src/domain/airports.ts";
import { formatTravelDates } from "../../src/domain/travel-dates.ts";
import { rduToday } from "../../src/domain/calendar.ts";
import { tripKindOf } from "../../src/domain/deal-rules.ts";
import { dealKey } from "../../src/server/fares/judge/detect.ts";
import type { Deps } from "../../src/server/deps.ts";

export type DealRow = typeof deals.$inferSelect;
export type DealFields = Partial<typeof deals.$inferInsert>;

let departOffset = 0;

/** A live deal owed to subscribers (not fanned out yet), RDU → destination round trip, unless the test says otherwise. */
export function insertDeal(t: Pick<Deps, "db" | "clock">, fields: DealFields = {}): DealRow {
  const now = t.clock.now();
  const departDate = fields.departDate ?? `2027-0${1 + (departOffset % 8)}-${String(10 + (departOffset++ % 15)).padStart(2, "0")}`;
  const returnDate = fields.returnDate ?? `${departDate.slice(0, 8)}${String(Number(departDate.slice(8)) + 3).padStart(2, "0")}`;
  const destination = fields.destination ?? "LAX";
  const tripType = fields.tripType ?? "round_trip";
  const cabin = fields.cabin ?? "economy";
  return t.db
    .insert(deals)
    .values({
      dedupeKey: dealKey({ origin: "RDU", destination, tripType, cabin, departDate, returnDate: returnDate || null }),
      origin: "RDU",
      destination,
      airline: "Delta",
      tripType,
      cabin,
      departDate,
      returnDate,
      travelDates: formatTravelDates(departDate, returnDate || null, rduToday(now)),
      destinationCity: cityForCode(destination) ?? destination,
      price: 199,
      durationMinutes: 315,
      nonstop: true,
      typicalLow: 340,
      typicalHigh: 420,
      typicalMedian: 380,
      percentBelowTypical: 48,
      tripKind: tripKindOf(departDate, returnDate || null),
      historyDays: 120,
      robustZ: -4.2,
      tier: "great",
      source: "simulated",
      lastAlertedAt: now,
      lastAlertedPrice: fields.price ?? 199,
      firstFoundAt: now,
      lastSeenAt: now,
      lastCheckedAt: now,
      ...fields,
    })
    .returning()
    .get();
}
