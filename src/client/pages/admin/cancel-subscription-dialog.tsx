import type { AdminUser } from "../../../domain/api/admin.ts";
import { useBillingPlace } from "../../billing/billing-place.ts";
import { Dialog } from "../../components/dialog.tsx";
import { Button } from "../../components/button.tsx";

interface CancelSubscriptionDialogProps {
  user: AdminUser | null;
  cancelling: boolean;
  onClose: () => void;
  onConfirm: (user: AdminUser) => void;
}

/** docs/product-rules.md §5: an admin's cancel needs confirmation. It ends the subscription now, not at the period's end. */
export function CancelSubscriptionDialog({ user, cancelling, onClose, onConfirm }: CancelSubscriptionDialogProps) {
  const billingPlace = useBillingPlace();
  return (
    <Dialog open={user !== null} onClose={onClose} title="Cancel Subscription?">
      {user && (
        <>
          <p>
            This cancels the subscription of <strong className="break-anywhere">{user.email}</strong> {billingPlace} <strong>immediately</strong>: billing stops
            and their access to deals ends now, with no refund.
          </p>
          <p className="muted">Re-activate later starts a new subscription (no trial) on the card they have on file.</p>
          <div className="dialog-actions">
            <Button type="button" className="secondary" onClick={onClose}>
              Keep Subscription
            </Button>
            <Button type="button" className="danger" onClick={() => onConfirm(user)} disabled={cancelling} aria-busy={cancelling}>
              Cancel Subscription
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
