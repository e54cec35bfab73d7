import type { FlightDeal } from "../../../../domain/api/deals.ts";
import { findAirline } from "../../../../domain/airlines.ts";
import { parsePrice } from "../../../../domain/deals.ts";

/** '$1,234', or '$99.50' when there are cents; '—' when unknown. Fixed locale: the server and browser agree. */
export function money(value: string | number | null | undefined): string {
  const amount = parsePrice(value);
  if (amount === null) return "—";
  const whole = Number.isInteger(amount);
  return `$${amount.toLocaleString("en-US", { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 })}`;
}

/** 'Delta to Los Angeles (LAX), $199': how a deal is named to assistive technology. */
export function dealName(deal: FlightDeal): string {
  return `${deal.airline} to ${cityOf(deal)} (${deal.destination}), ${money(deal.startingPrice)}`;
}

export function cityOf(deal: Pick<FlightDeal, "destination" | "destinationCity">): string {
  return deal.destinationCity || deal.destination;
}

/** The airline's two-letter code for a small logo-like chip; the name's initials when unknown. */
export function airlineMark(name: string): string {
  const known = findAirline(name);
  if (known) return known.code;
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join("") || "?"
  );
}

/** 'Fri, Jan 8 - Sun, Jan 10' → ['Fri, Jan 8', 'Sun, Jan 10'] so the table can set them on two lines. */
export function travelDateLines(text: string): string[] {
  return text
    .split(/\s+[-–—]\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export type DealStatus = "new" | "viewed" | "ended";

export function dealStatus(deal: Pick<FlightDeal, "isActive" | "isNewForUser">): DealStatus {
  if (!deal.isActive) return "ended";
  return deal.isNewForUser ? "new" : "viewed";
}
