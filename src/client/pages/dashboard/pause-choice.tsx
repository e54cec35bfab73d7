import { useId, useState } from "react";
import { longDay } from "../../../domain/cancellation.ts";
import { PAUSE_MONTHS, type PauseMonths, pauseEndsAt } from "../../../domain/member-pause.ts";
import { api } from "../../api.ts";
import { Button } from "../../components/button.tsx";
import { useToast } from "../../components/toast.tsx";
import { usePendingAction } from "../../components/use-pending-action.ts";
import { errorMessage } from "../../error-message.ts";
import { useTimeZone } from "../../member-time-zone.ts";

const monthsText = (months: number) => `${months} ${months === 1 ? "month" : "months"}`;

/** The rules as the member reads them before choosing (decision 133; the Terms say the same). */
export const PAUSE_RULES =
  "No charges and no alerts while paused; everything resumes by itself on that date, and we email you the day before. One pause every 12 months.";

/**
 * 1, 2 or 3 months, each with the day it ends, and the button that pauses. Used by the Pause dialog and, first, by
 * the cancel dialog. `onPaused` runs after the server answered (close the dialog, reload the dashboard).
 */
export function PauseChoice({ onPaused }: { onPaused: () => Promise<void> | void }) {
  const name = useId();
  const timeZone = useTimeZone();
  const toast = useToast();
  const [months, setMonths] = useState<PauseMonths>(1);
  const [pending, run] = usePendingAction();
  const now = new Date();

  const pause = () =>
    run(async () => {
      try {
        const answer = await api.pauseSubscription(months);
        toast({ title: "Membership Paused", description: answer.message });
      } catch (error) {
        toast({ title: "Pause Failed", description: errorMessage(error, "We couldn't pause your membership. Please try again."), variant: "destructive" });
        return;
      }
      await onPaused();
    });

  return (
    <div className="pause-choice" data-testid="pause-choice">
      <fieldset>
        <legend>Pause for</legend>
        {PAUSE_MONTHS.map((option) => (
          <label key={option}>
            <input type="radio" name={name} value={option} checked={months === option} onChange={() => setMonths(option)} />
            {monthsText(option)} <span className="muted">· until {longDay(pauseEndsAt(now, option), timeZone)}</span>
          </label>
        ))}
      </fieldset>
      <small className="muted">{PAUSE_RULES}</small>
      <Button type="button" onClick={pause} disabled={pending} aria-busy={pending}>
        Pause for {monthsText(months)}
      </Button>
    </div>
  );
}
