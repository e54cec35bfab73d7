import { useState } from "react";
import type { AdminUser, AdminUserUpdate } from "../../../domain/api/admin.ts";
import type { SubscriptionType } from "../../../domain/api/common.ts";
import { LIMITS } from "../../../domain/validation.ts";
import { useBillingPlace } from "../../billing/billing-place.ts";
import { Dialog } from "../../components/dialog.tsx";
import type { Outcome } from "./use-user-actions.ts";
import { Button } from "../../components/button.tsx";
import { Form } from "../../components/form.tsx";
import { NameFields } from "../../components/name-fields.tsx";

interface EditUserDialogProps {
  user: AdminUser | null;
  /** Why the last action on this user from the dialog (a delete) failed. */
  error: string | null;
  saving: boolean;
  onClose: () => void;
  /** Resolves to the outcome; a failure's message is shown in the form as well as in the toast. */
  onSave: (user: AdminUser, update: AdminUserUpdate) => Promise<Outcome>;
  /** Absent for the admin's own row: nobody deletes their own account here (the server refuses it too). */
  onDelete?: (user: AdminUser) => void;
}

/** 'Edit User: {email}' (docs/product-rules.md §2). The form is mounted per opening, so it always starts from the row's values. */
export function EditUserDialog({ user, ...props }: EditUserDialogProps) {
  return (
    <Dialog open={user !== null} onClose={props.onClose} title={user ? `Edit User: ${user.email}` : "Edit User"}>
      {user && <EditUserForm key={user.id} user={user} {...props} />}
    </Dialog>
  );
}

function EditUserForm({ user, error, saving, onClose, onSave, onDelete }: Omit<EditUserDialogProps, "user"> & { user: AdminUser }) {
  const billingPlace = useBillingPlace();
  const [fields, setFields] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    address: user.address,
    phone: user.phone,
    /** docs/product-rules.md §9: Paid unless the user is already Free. */
    subscriptionType: (user.subscriptionType ?? "Paid") as SubscriptionType,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });
  const live = user.stripeSubscriptionId !== null && user.subscriptionStatus !== "Cancelled";

  const submit = async () => {
    setProblem(null);
    const outcome = await onSave(user, { ...fields });
    if (!outcome.ok && outcome.error) setProblem(outcome.error);
  };

  return (
    <Form onSubmit={submit} className="edit-user-form">
      <NameFields firstName={fields.firstName} lastName={fields.lastName} onChange={set} autoFill={false} />
      <label>
        Home Address
        <textarea name="address" autoComplete="off" rows={3} maxLength={LIMITS.address} value={fields.address} onChange={set("address")} />
      </label>
      <div className="grid">
        <label>
          Phone Number
          <input name="phone" type="tel" autoComplete="off" maxLength={LIMITS.phone} value={fields.phone} onChange={set("phone")} />
        </label>
        <label>
          Subscription Type
          <select
            name="subscriptionType"
            value={fields.subscriptionType}
            onChange={set("subscriptionType")}
            aria-describedby={live ? `type-hint-${user.id}` : undefined}
          >
            <option value="Paid">Paid</option>
            <option value="Free">Free</option>
          </select>
          {live && <small id={`type-hint-${user.id}`}>Free pauses billing and access {billingPlace}; Paid resumes them.</small>}
        </label>
      </div>
      {(problem ?? error) && (
        <p className="inline-error" role="alert">
          {problem ?? error}
        </p>
      )}
      <div className="dialog-actions edit-actions">
        {onDelete && (
          <Button type="button" className="danger outline push-start" onClick={() => onDelete(user)}>
            Delete User
          </Button>
        )}
        <Button type="button" className="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          Save Changes
        </Button>
      </div>
    </Form>
  );
}
