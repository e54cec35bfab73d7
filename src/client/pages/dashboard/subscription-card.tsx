import { differenceInCalendarDays, format } from "date-fns";
import type { SubscriptionInfo } from "../../../domain/api/billing.ts";
import { formatPlanPrice, PLANS } from "../../../domain/plans.ts";
import { Button } from "../../components/button.tsx";

const day = (iso: string) => format(new Date(iso), "MMM d, yyyy");

/** Where the subscription stands, in one plain sentence. */
export function subscriptionSummary(info: SubscriptionInfo, now: Date): string {
  const end = info.currentPeriodEnd;
  switch (info.status) {
    case "Active": {
      if (info.cancelAtPeriodEnd && end) return `Cancelled: you have access until ${day(end)}.`;
      if (info.trialEndsAt) {
        const daysLeft = Math.max(0, differenceInCalendarDays(new Date(info.trialEndsAt), now));
        return `Free trial: ${daysLeft} ${daysLeft === 1 ? "day" : "days"} left (ends ${day(info.trialEndsAt)}).`;
      }
      if (info.subscriptionType === "Free") return "Free access, courtesy of GoRDU.";
      return end ? `Active: renews on ${day(end)}.` : "Active.";
    }
    case "Paused":
      // The days themselves (the pause's end, the renewal it moved) are on the pause card, in the member's zone.
      if (info.pause.pausedUntil) return "Paused by you: no deals, alerts or charges until your pause ends.";
      return info.rejoin ? "Paused: no deals, alerts or charges until you rejoin." : "Paused: no deals, alerts or charges. Contact support to resume.";
    case "Past Due":
      return "Past due: your last payment failed. Update your card to keep your deals coming.";
    case "Unpaid":
      return "Unpaid: update your card to restore access.";
    case "Cancelled":
      return info.rejoin ? "Your subscription has ended. You can rejoin whenever you like." : "Your subscription has ended. Contact support to reactivate it.";
    default:
      return `Status: ${info.status}.`;
  }
}

export function SubscriptionCard({ info, onOpenBilling, onOpenPause }: { info: SubscriptionInfo; onOpenBilling: () => void; onOpenPause?: () => void }) {
  const plan = info.planType ? PLANS[info.planType] : null;
  const needsCard = info.status === "Past Due" || info.status === "Unpaid";
  return (
    <article className={`subscription-card${needsCard ? " subscription-card-alert" : ""}`} aria-label="Your subscription">
      <div>
        <strong>{plan ? `${plan.name} plan · ${formatPlanPrice(plan)}` : "GoRDU membership"}</strong>
        <p data-testid="subscription-summary">{subscriptionSummary(info, new Date())}</p>
        {info.card && (
          <small className="muted">
            Card: {info.card.brand.toUpperCase()} •••• {info.card.last4}
          </small>
        )}
      </div>
      <div className="subscription-card-actions">
        {onOpenPause && (
          <Button type="button" className="secondary outline" onClick={onOpenPause}>
            Pause
          </Button>
        )}
        {info.card !== null || needsCard ? (
          <Button type="button" className={needsCard ? undefined : "secondary outline"} onClick={onOpenBilling}>
            {needsCard ? "Update card" : "Billing"}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
