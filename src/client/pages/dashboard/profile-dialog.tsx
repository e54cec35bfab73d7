import { useState } from "react";
import { useRevalidator } from "react-router";
import type { CurrentUser } from "../../../domain/api/users.ts";
import { LIMITS } from "../../../domain/validation.ts";
import { api } from "../../api.ts";
import { Dialog } from "../../components/dialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { errorMessage } from "../../error-message.ts";
import { usePendingAction } from "../../components/use-pending-action.ts";
import type { AlertsOverview } from "../../../domain/api/alerts.ts";
import { PushDevicesSection } from "./alerts/push-devices-section.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { Button } from "../../components/button.tsx";
import { Form } from "../../components/form.tsx";
import { NameFields } from "../../components/name-fields.tsx";

export type ProfileMode = "view" | "edit" | "password";

interface ProfileDialogProps {
  user: CurrentUser;
  mode: ProfileMode | null;
  onModeChange: (mode: ProfileMode | null) => void;
  onOpenBilling?: () => void;
  /** The member's alert settings, for the devices that get instant alerts (null without deal access). */
  alerts?: AlertsOverview | null;
}

export function ProfileDialog({ user, mode, onModeChange, onOpenBilling, alerts }: ProfileDialogProps) {
  const { revalidate } = useRevalidator();
  const close = () => onModeChange(null);
  const title = mode === "password" ? (user.needsPasswordSetup ? "Set Your Password" : "Change Password") : mode === "edit" ? "Edit Profile" : "Profile";
  return (
    <Dialog open={mode !== null} onClose={close} title={title}>
      {mode === "view" && <ProfileView user={user} onEdit={() => onModeChange("edit")} onChangePassword={() => onModeChange("password")} />}
      {mode === "view" && alerts && <PushDevicesSection devices={alerts.devices} publicKey={alerts.pushPublicKey} onChange={revalidate} />}
      {mode === "edit" && <ProfileEditForm user={user} onDone={() => onModeChange("view")} onOpenBilling={onOpenBilling} />}
      {mode === "password" && <ChangePasswordForm user={user} onDone={() => onModeChange("view")} />}
    </Dialog>
  );
}

function ProfileView({ user, onEdit, onChangePassword }: { user: CurrentUser; onEdit: () => void; onChangePassword: () => void }) {
  const rows: [string, string][] = [
    ["Email", user.email],
    ["First Name", user.firstName],
    ["Last Name", user.lastName],
    ["Address", user.address],
    ["Phone", user.phone],
  ];
  return (
    <>
      <dl className="profile-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={value ? "preserve-lines" : "muted"}>{value || "Not provided"}</dd>
          </div>
        ))}
      </dl>
      <div className="dialog-actions">
        <Button type="button" className="secondary" onClick={onChangePassword}>
          Change Password
        </Button>
        <Button type="button" onClick={onEdit}>
          Edit
        </Button>
      </div>
    </>
  );
}

function ProfileEditForm({ user, onDone, onOpenBilling }: { user: CurrentUser; onDone: () => void; onOpenBilling?: () => void }) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [pending, run] = usePendingAction();
  const [fields, setFields] = useState({ firstName: user.firstName, lastName: user.lastName, address: user.address, phone: user.phone });
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });

  const save = () => {
    void run(async () => {
      try {
        await api.updateProfile(fields);
        toast({ title: "Profile Updated", description: "Your profile has been saved." });
        onDone();
        await revalidate();
      } catch (error) {
        toast({ title: "Update Failed", description: errorMessage(error, "Failed to update profile"), variant: "destructive" });
      }
    });
  };

  return (
    <Form onSubmit={save}>
      <NameFields firstName={fields.firstName} lastName={fields.lastName} onChange={set} autoFill={true} />
      <label>
        Address
        <textarea name="address" autoComplete="street-address" rows={3} maxLength={LIMITS.address} value={fields.address} onChange={set("address")} />
      </label>
      <label>
        Phone
        <input name="phone" type="tel" autoComplete="tel" maxLength={LIMITS.phone} value={fields.phone} onChange={set("phone")} />
      </label>
      <div className="dialog-actions">
        {onOpenBilling && (
          <Button type="button" className="secondary outline" onClick={onOpenBilling}>
            Billing
          </Button>
        )}
        <Button type="button" className="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          Save Changes
        </Button>
      </div>
    </Form>
  );
}
