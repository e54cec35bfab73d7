import { useId, useState } from "react";
import { longDay } from "../../../domain/cancellation.ts";
import { PAUSE_MONTHS, type PauseMonths, pauseEndsAt, renewalMoveNotice } from "../../../domain/member-pause.ts";
import { api } from "../../api.ts";
import { Button } from "../../components/button.tsx";
import { useToast } from "../../components/toast.tsx";
import { usePendingAction } from "../../components/use-pending-action.ts";
import { errorMessage } from "../../error-message.ts";
import { useTimeZone } from "../../member-time-zone.ts";

const monthsText = (months: number) => `${months} ${months === 1 ? "month" : "months"}`;

/** The rules as the member reads them before choosing (decisions 133 and 138; the Terms say the same). */
export const PAUSE_RULES =
  "No alerts while paused, and your renewal moves by the pause's length, so you keep all the time you paid for. Everything resumes by itself on that date, and we email you the day before; resuming early moves your renewal back by the days you didn't use. One pause every 12 months.";

/**
 * 1, 2 or 3 months, each with the day it ends and the day the plan then renews, and the button that pauses. Used by
 * the Pause dialog and, first, by the cancel dialog. `renewsAt` is the plan's next renewal now (ISO).
 * `onPaused` runs after the server answered (close the dialog, reload the dashboard).
 */
export function PauseChoice({ renewsAt, onPaused }: { renewsAt: string | null; onPaused: () => Promise<void> | void }) {
  const name = useId();
  const timeZone = useTimeZone();
  const toast = useToast();
  const [months, setMonths] = useState<PauseMonths>(1);
  const [pending, run] = usePendingAction();
  const now = new Date();
  const renewal = renewsAt ? new Date(renewsAt) : null;

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
      {renewal && <p data-testid="pause-renewal">{renewalMoveNotice(renewal, months, timeZone)}</p>}
      <small className="muted">{PAUSE_RULES}</small>
      <Button type="button" onClick={pause} disabled={pending} aria-busy={pending}>
        Pause for {monthsText(months)}
      </Button>
    </div>
  );
}
