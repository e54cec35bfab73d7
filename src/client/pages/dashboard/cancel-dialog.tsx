import { format } from "date-fns";
import { useRevalidator } from "react-router";
import type { SubscriptionInfo } from "../../../domain/api/billing.ts";
import { api } from "../../api.ts";
import { Dialog } from "../../components/dialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { usePendingAction } from "../../components/use-pending-action.ts";
import { Button } from "../../components/button.tsx";

/** 'Cancel Subscription?': says before confirming what happens to access, which differs by plan (Terms). */
export function CancelDialog({ open, subscription, onClose }: { open: boolean; subscription: SubscriptionInfo; onClose: () => void }) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [pending, run] = usePendingAction();
  const annual = subscription.planType === "annual";
  const accessUntil = subscription.currentPeriodEnd ? format(new Date(subscription.currentPeriodEnd), "MMMM d, yyyy") : "the end of your billing period";

  const cancel = () =>
    run(async () => {
      try {
        const answer = await api.cancelSubscription();
        toast({ title: "Subscription Cancelled", description: answer.message ?? "You'll continue to have access until the end of your billing period." });
        onClose();
        await revalidate();
      } catch {
        toast({ title: "Cancellation Failed", description: "Failed to cancel subscription. Please try again.", variant: "destructive" });
      }
    });

  return (
    <Dialog open={open} onClose={onClose} title="Cancel Subscription?">
      {annual ? (
        <p>
          <strong>Your access ends immediately.</strong> As our Terms of Service say, cancelling an annual plan ends access right away, and no refund is given
          for the rest of the year.
        </p>
      ) : (
        <p>You'll keep getting deals until {accessUntil}, and you won't be charged again.</p>
      )}
      <div className="dialog-actions">
        <Button type="button" className="secondary" onClick={onClose}>
          Keep Subscription
        </Button>
        <Button type="button" className="danger" onClick={cancel} disabled={pending} aria-busy={pending}>
          Cancel Subscription
        </Button>
      </div>
    </Dialog>
  );
}
