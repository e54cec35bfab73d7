import type { SubscriptionInfo } from "../../../domain/api/billing.ts";
import { Dialog } from "../../components/dialog.tsx";
import { PauseChoice } from "./pause-choice.tsx";

/** 'Pause Membership': opened from the subscription card when the member may pause (decisions 133 and 138). */
export function PauseDialog({
  open,
  subscription,
  onClose,
  onPaused,
}: {
  open: boolean;
  subscription: SubscriptionInfo;
  onClose: () => void;
  onPaused: () => Promise<void>;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Pause Membership">
      <p>Taking a break from travel? Pause instead of cancelling and keep your plan, your settings and your saved trips.</p>
      <PauseChoice
        renewsAt={subscription.currentPeriodEnd}
        onPaused={async () => {
          onClose();
          await onPaused();
        }}
      />
    </Dialog>
  );
}
