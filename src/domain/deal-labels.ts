/** The words for a deal's tier, trip type and cabin, the same on the dashboard, in the deal list's JSON and in alert emails. */
import type { DealTier } from "./api/deals.ts";

export const TIER_LABEL: Record<DealTier, string> = {
  good: "Good deal",
  great: "Great deal",
  exceptional: "Exceptional: possible mistake fare",
};

/** Stored trip type → what a member reads. */
export const TRIP_TYPE_LABEL = { round_trip: "Round Trip", one_way: "One Way" } as const;

/** Stored cabin → the seat class a member reads. */
export const CABIN_LABEL = { economy: "Economy", premium_economy: "Premium Economy", business: "Business", first: "First" } as const;

const SEAT_CLASS_NUMBER: Record<string, 1 | 2 | 3 | 4> = { economy: 1, "premium economy": 2, business: 3, first: 4 };

/** Google Flights' seat class (1 economy … 4 first) from the label a deal shows; economy when unknown. */
export function seatClassNumber(seatClass: string): 1 | 2 | 3 | 4 {
  return SEAT_CLASS_NUMBER[seatClass.trim().toLowerCase()] ?? 1;
}
