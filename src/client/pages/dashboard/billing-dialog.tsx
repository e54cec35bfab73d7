// pages/dashboard/: the subscriber dashboard's parts: header, profile, password, billing, alerts, rejoin.
// Imports components, the API and domain rules; the deals workspace lives in deals/.
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { SubscriptionInfo } from "../../../domain/api/billing.ts";
import { api } from "../../api.ts";
import { PaymentForm } from "../../billing/payment-form.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { Button } from "../../components/button.tsx";

interface BillingDialogProps {
  open: boolean;
  subscription: SubscriptionInfo;
  onClose: () => void;
  onOpenCancel: () => void;
}

/** 'Update Payment Method': a fresh SetupIntent each time the dialog opens. */
export function BillingDialog({ open, subscription, onClose, onOpenCancel }: BillingDialogProps) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [clientSecret, setClientSecret] = useState<string | null>(null);

  useEffect(() => {
    if (!open) {
      setClientSecret(null);
      return;
    }
    let cancelled = false;
    api
      .createPaymentUpdateIntent()
      .then((intent) => !cancelled && setClientSecret(intent.clientSecret))
      .catch(() => {
        if (cancelled) return;
        toast({ title: "Error", description: "Failed to load billing form. Please try again.", variant: "destructive" });
        onClose();
      });
    return () => {
      cancelled = true;
    };
    // Only opening the dialog asks for a new intent.
  }, [open]);

  const applyNewCard = async () => {
    try {
      await api.completePaymentUpdate(clientSecret!);
    } catch {
      toast({ title: "Update Error", description: "An error occurred while updating your payment method.", variant: "destructive" });
      return;
    }
    toast({ title: "Payment Method Updated", description: "Your new card will be used for future payments." });
    onClose();
    await revalidate();
  };

  const canCancel = subscription.status !== "Cancelled" && !subscription.cancelAtPeriodEnd;
  return (
    <Dialog open={open} onClose={onClose} title="Update Payment Method">
      {subscription.card && (
        <p className="muted">
          Current card: {subscription.card.brand.toUpperCase()} •••• {subscription.card.last4}
        </p>
      )}
      {clientSecret ? (
        <PaymentForm
          clientSecret={clientSecret}
          submitLabel="Update Payment Method"
          onConfirmed={applyNewCard}
          onFailed={(message) => toast({ title: "Update Failed", description: message || "Failed to update payment method", variant: "destructive" })}
          actions={
            <>
              {canCancel && (
                <Button type="button" className="secondary outline" onClick={onOpenCancel}>
                  Subscription
                </Button>
              )}
              <Button type="button" className="secondary" onClick={onClose}>
                Cancel
              </Button>
            </>
          }
        />
      ) : (
        <p aria-busy="true">Loading billing form…</p>
      )}
    </Dialog>
  );
}
