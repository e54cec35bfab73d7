import type { Snooze } from "../../../../domain/api/alerts.ts";
import { api } from "../../../api.ts";
import { useToastedAction } from "../../../components/use-toasted-action.ts";
import { Button } from "../../../components/button.tsx";
import { useZonedDate } from "../../../member-time-zone.ts";

/** Snoozed destinations (from a deal's details, an alert email or a push), each with a button to end the snooze. */
export function SnoozesSection({ snoozes, onChange }: { snoozes: Snooze[]; onChange: () => Promise<void> }) {
  const runAction = useToastedAction();
  const zonedDate = useZonedDate();
  if (snoozes.length === 0) return null;
  const wake = (snooze: Snooze) =>
    runAction(
      () => api.unsnooze(snooze.destination),
      {
        done: { title: "Snooze Ended", description: `Alerts about ${snooze.city} are back on.` },
        failed: { title: "Not Changed", fallback: "Failed to end the snooze. Please try again." },
      },
      onChange,
    );
  return (
    <section aria-labelledby="snoozes-title" className="alerts-section">
      <h3 id="snoozes-title">Snoozed destinations</h3>
      <ul className="window-list" aria-label="Snoozed destinations">
        {snoozes.map((snooze) => (
          <li key={snooze.destination}>
            <span>
              <strong>
                {snooze.city} ({snooze.destination})
              </strong>
              <small>No alerts until {zonedDate(snooze.until)}</small>
            </span>
            <Button type="button" className="secondary outline" aria-label={`End the snooze of ${snooze.city}`} onClick={() => void wake(snooze)}>
              Unsnooze
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
