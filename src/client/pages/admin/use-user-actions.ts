import { useRef, useState } from "react";
import type { AdminUser, AdminUserUpdate } from "../../../domain/api/admin.ts";
import { api } from "../../api.ts";
import { useBillingPlace } from "../../billing/billing-place.ts";
import { useToast } from "../../components/toast.tsx";
import { errorMessage } from "../../error-message.ts";

export type Outcome = { ok: true } | { ok: false; error: string | null };

interface ListUpdates {
  replaceUser: (user: AdminUser) => void;
  removeUser: (id: number) => void;
  reload: () => void;
}

/**
 * The admin's actions on a user, each with its docs/product-rules.md §8 toasts. One runs at a time per page; `busyUserId`
 * says whose. Each resolves to its outcome, so a dialog can close, or show the error inside itself (a toast
 * over a modal cannot be dismissed and is soon gone).
 */
export function useUserActions({ replaceUser, removeUser, reload }: ListUpdates) {
  const toast = useToast();
  const billingPlace = useBillingPlace();
  const [busyUserId, setBusyUserId] = useState<number | null>(null);
  const running = useRef(false);

  async function perform(user: AdminUser, work: () => Promise<void>, failure: { title: string; fallback: string }): Promise<Outcome> {
    if (running.current) return { ok: false, error: null };
    running.current = true;
    setBusyUserId(user.id);
    try {
      await work();
      return { ok: true };
    } catch (error) {
      const message = errorMessage(error, failure.fallback);
      toast({ title: failure.title, description: message, variant: "destructive" });
      return { ok: false, error: message };
    } finally {
      running.current = false;
      setBusyUserId(null);
      reload();
    }
  }

  const save = (user: AdminUser, update: AdminUserUpdate) =>
    perform(
      user,
      async () => {
        replaceUser(await api.updateUser(user.id, update));
        toast({ title: "User Updated", description: `Saved the changes to ${user.email}.` });
      },
      { title: "Update Failed", fallback: "Failed to update user" },
    );

  /** docs/product-rules.md §7: a pause sends only the subscription type. */
  const pause = (user: AdminUser) =>
    perform(
      user,
      async () => {
        replaceUser(await api.updateUser(user.id, { subscriptionType: "Free" }));
        toast({ title: "User Updated", description: `Subscription paused for ${user.email}: no charges or deals until it is re-activated.` });
      },
      { title: "Update Failed", fallback: "Failed to update user" },
    );

  const reactivate = (user: AdminUser) =>
    perform(
      user,
      async () => {
        const answer = await api.adminReactivateSubscription(user.id);
        replaceUser(answer.user);
        toast({ title: "Subscription Reactivated", description: answer.message });
      },
      { title: "Reactivation Failed", fallback: "Failed to reactivate subscription" },
    );

  const cancel = (user: AdminUser) =>
    perform(
      user,
      async () => {
        const answer = await api.adminCancelSubscription(user.id);
        replaceUser(answer.user);
        toast({ title: "Subscription Cancelled", description: `The subscription of ${user.email} has ended ${billingPlace}.` });
      },
      { title: "Cancellation Failed", fallback: "Failed to cancel subscription" },
    );

  const remove = (user: AdminUser) =>
    perform(
      user,
      async () => {
        await api.deleteUser(user.id);
        removeUser(user.id);
        toast({ title: "User Deleted", description: `${user.email} has been permanently deleted.` });
      },
      { title: "Delete Failed", fallback: "Failed to delete user" },
    );

  return { busyUserId, save, pause, reactivate, cancel, remove };
}
