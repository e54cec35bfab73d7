import { api } from "../../api.ts";
import { useToast } from "../../components/toast.tsx";
import { errorMessage } from "../../error-message.ts";

export type FinishSignup = (email: string, paidPlan?: boolean) => Promise<boolean>;

/**
 * Once the card is confirmed (docs/product-rules.md §4 Subscribe): complete the signup, which signs in, then the dashboard.
 * False if it failed. When this card or address already had its free trial, nothing was charged and the server
 * offers the paid plan instead (decision 098): the page shows that offer. If this browser still is not signed in (its
 * cookie refused), the person has no password to log in with, so a fresh set-password link is emailed and the page
 * says so instead of sending them to /login.
 */
export function useFinishSignup(onSignedOut: (email: string) => void, onPaidPlanOffer: (message: string) => void): FinishSignup {
  const toast = useToast();
  return async (email: string, paidPlan = false): Promise<boolean> => {
    try {
      const outcome = await api.completeSubscription(email, paidPlan);
      if ("offer" in outcome) {
        onPaidPlanOffer(outcome.message);
        return true;
      }
    } catch (error) {
      console.error("Failed to complete subscription setup", error);
      toast({
        title: "Setup Error",
        description: errorMessage(error, "There was an issue completing your subscription. Please contact support."),
        variant: "destructive",
      });
      return false;
    }
    if (await api.me().catch(() => null)) {
      toast({
        title: "Welcome to GoRDU!",
        description: paidPlan ? "Your membership has started. Taking you to your deals…" : "Your 7-day free trial has started. Taking you to your deals…",
      });
      setTimeout(() => window.location.replace("/dashboard"), 1500);
    } else {
      await api.forgotPassword(email).catch((error) => console.error("Failed to send a set-password link", error));
      toast({ title: "Payment Successful", description: `We couldn't sign you in here, so we've emailed ${email} a link to set your password.` });
      onSignedOut(email);
    }
    return true;
  };
}
