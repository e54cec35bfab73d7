import { useId } from "react";
import type { SubscriptionInfo } from "../../../domain/api/billing.ts";
import { longDay } from "../../../domain/cancellation.ts";
import { api } from "../../api.ts";
import { Button } from "../../components/button.tsx";
import { useToast } from "../../components/toast.tsx";
import { usePendingAction } from "../../components/use-pending-action.ts";
import { errorMessage } from "../../error-message.ts";
import { useTimeZone } from "../../member-time-zone.ts";

/** A member's own pause (decisions 133 and 138): until when, what it means, and "Resume now". Nothing for any other state. */
export function PauseCard({ subscription, onResumed }: { subscription: SubscriptionInfo; onResumed: () => Promise<void> }) {
  const titleId = useId();
  const timeZone = useTimeZone();
  const toast = useToast();
  const [pending, run] = usePendingAction();
  const until = subscription.status === "Paused" ? subscription.pause.pausedUntil : null;
  if (!until) return null;
  const day = longDay(new Date(until), timeZone);
  // A renewal a member's pause moved is after the pause (decision 138); an older pause_collection's may fall inside it.
  const moved = subscription.currentPeriodEnd && subscription.currentPeriodEnd > until ? new Date(subscription.currentPeriodEnd) : null;
  const renewal = moved ? longDay(moved, timeZone) : null;

  const resume = () =>
    run(async () => {
      try {
        const answer = await api.resumeSubscription();
        toast({ title: "Welcome back!", description: answer.message });
      } catch (error) {
        toast({ title: "Resume Failed", description: errorMessage(error, "We couldn't resume your membership. Please try again."), variant: "destructive" });
        return;
      }
      await onResumed();
    });

  return (
    <article className="pause-card" aria-labelledby={titleId} data-testid="pause-card">
      <h2 id={titleId}>Your membership is paused until {day}</h2>
      <p>No charges and no alerts until then. On {day}, your deals and alerts start again by themselves. We'll email you the day before.</p>
      {renewal && (
        <p data-testid="pause-renewal">
          Your plan now renews on <strong>{renewal}</strong>: the time you paused was added on. Resuming now moves that back by the days you don't use.
        </p>
      )}
      <Button type="button" onClick={resume} disabled={pending} aria-busy={pending}>
        Resume now
      </Button>
    </article>
  );
}
