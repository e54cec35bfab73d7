import type { FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { CurrentUser } from "../../../domain/api/users.ts";
import { MIN_PASSWORD_LENGTH, passwordProblem } from "../../../domain/validation.ts";
import { api } from "../../api.ts";
import { useToast } from "../../components/toast.tsx";
import { errorMessage } from "../../error-message.ts";
import { usePendingAction } from "../../components/use-pending-action.ts";
import { Button } from "../../components/button.tsx";
import { Form } from "../../components/form.tsx";

/** A user still on their signup set-up has no current password to give, so the field is not shown (docs/product-rules.md §4). */
export function ChangePasswordForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [pending, run] = usePendingAction();
  const settingUp = user.needsPasswordSetup;

  /** The fields are read when sent, not kept in state: nothing typed is lost however early it was typed. */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? "");
    const currentPassword = field("currentPassword");
    const newPassword = field("newPassword");
    const confirmPassword = field("confirmPassword");
    const problem = passwordProblem(newPassword, confirmPassword);
    if (problem === "mismatch") {
      toast({ title: "Passwords Don't Match", description: "Please make sure both password fields match", variant: "destructive" });
      return;
    }
    if (problem === "too-short") {
      toast({ title: "Password Change Failed", description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`, variant: "destructive" });
      return;
    }
    void run(async () => {
      try {
        await api.changePassword(settingUp ? { newPassword, confirmPassword } : { currentPassword, newPassword, confirmPassword });
        toast({
          title: "Password Changed",
          description: settingUp ? "Your password is set. You can now log in from any device." : "Your password has been updated.",
        });
        onDone();
        await revalidate();
      } catch (error) {
        toast({ title: "Password Change Failed", description: errorMessage(error, "Failed to change password"), variant: "destructive" });
      }
    });
  };

  return (
    <Form onSubmit={submit}>
      {!settingUp && (
        <label>
          Current Password
          <input type="password" name="currentPassword" autoComplete="current-password" required />
        </label>
      )}
      <label>
        New Password
        <input type="password" name="newPassword" autoComplete="new-password" required aria-describedby="new-password-hint" />
        <small id="new-password-hint">Password must be at least {MIN_PASSWORD_LENGTH} characters long</small>
      </label>
      <label>
        Confirm Password
        <input type="password" name="confirmPassword" autoComplete="new-password" required />
      </label>
      <div className="dialog-actions">
        <Button type="button" className="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {settingUp ? "Set Password" : "Change Password"}
        </Button>
      </div>
    </Form>
  );
}
