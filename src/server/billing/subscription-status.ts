import type { SubscriptionSnapshot } from "./billing.ts";

/** The provider's status as GoRDU shows it (the subscriptions issue's mapping). */
export function localStatus(snapshot: Pick<SubscriptionSnapshot, "status" | "paused">): string {
  if (snapshot.paused || snapshot.status === "paused") return "Paused";
  switch (snapshot.status) {
    case "trialing":
    case "active":
      return "Active";
    case "canceled":
    case "incomplete_expired":
      return "Cancelled";
    case "past_due":
      return "Past Due";
    case "unpaid":
      return "Unpaid";
    case "incomplete":
      return "Incomplete";
    default:
      return snapshot.status;
  }
}
