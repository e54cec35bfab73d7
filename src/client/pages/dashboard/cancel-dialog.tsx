import { useRevalidator } from "react-router";
import type { SubscriptionInfo } from "../../../domain/api/billing.ts";
import { api } from "../../api.ts";
import { Dialog } from "../../components/dialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { usePendingAction } from "../../components/use-pending-action.ts";
import { Button } from "../../components/button.tsx";
import { PauseChoice } from "./pause-choice.tsx";

/**
 * 'Cancel Subscription?': offers a pause first when the member may take one (decision 133); then says before confirming what happens (a trial and a paid month run to their end, a paid year
 * ends at once) with its dates and what coming back costs; the server writes the words (src/domain/cancellation.ts).
 */
export function CancelDialog({ open, subscription, onClose }: { open: boolean; subscription: SubscriptionInfo; onClose: () => void }) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [pending, run] = usePendingAction();
  const notice = subscription.cancellation;

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
      {subscription.pause.canPause && (
        <section className="pause-offer" aria-labelledby="pause-offer-title" data-testid="pause-offer">
          <h3 id="pause-offer-title">Need a break instead? Pause for up to 3 months</h3>
          <PauseChoice
            renewsAt={subscription.currentPeriodEnd}
            onPaused={async () => {
              onClose();
              await revalidate();
            }}
          />
          <hr />
        </section>
      )}
      {notice && (
        <div data-testid="cancellation-notice">
          <p>
            <strong>{notice.summary}</strong>
          </p>
          <ul>
            {notice.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        </div>
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
