import type { AdminUser } from "../../../domain/api/admin.ts";
import { useBillingPlace } from "../../billing/billing-place.ts";
import { Dialog } from "../../components/dialog.tsx";
import { Button } from "../../components/button.tsx";

interface DeleteUserDialogProps {
  user: AdminUser | null;
  deleting: boolean;
  onClose: () => void;
  onConfirm: (user: AdminUser) => void;
}

/** 'Permanently Delete User?' with No / 'Yes, Delete User' (docs/product-rules.md §2), saying what goes with the account. */
export function DeleteUserDialog({ user, deleting, onClose, onConfirm }: DeleteUserDialogProps) {
  const billingPlace = useBillingPlace();
  const live = user?.stripeSubscriptionId && user.subscriptionStatus !== "Cancelled";
  return (
    <Dialog open={user !== null} onClose={onClose} title="Permanently Delete User?">
      {user && (
        <>
          <p>
            This permanently deletes <strong className="break-anywhere">{user.email}</strong>. It cannot be undone.
          </p>
          <ul className="consequences">
            {live && <li>Their subscription is cancelled {billingPlace} right away; they are not charged again.</li>}
            <li>Their account, sign-in sessions and password links are removed.</li>
            <li>Their flight deals and alert history are removed.</li>
            <li>The audit log keeps a record of the deletion.</li>
          </ul>
          <div className="dialog-actions">
            <Button type="button" className="secondary" onClick={onClose}>
              No
            </Button>
            <Button type="button" className="danger" onClick={() => onConfirm(user)} disabled={deleting} aria-busy={deleting}>
              Yes, Delete User
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
