import { useId } from "react";
import type { AlertSettings } from "../../../../domain/api/alerts.ts";
import { EXCEPTIONAL_ALERT_PERCENT } from "../../../../domain/travel-windows.ts";
import { useHydrated } from "../../../components/use-hydrated.ts";

/** Which deals are alerted: every matching deal (the default) or only those that fit a travel window. */
export function AlertRuleSection({
  settings,
  hasWindows,
  onSave,
}: {
  settings: AlertSettings;
  hasWindows: boolean;
  onSave: (change: Partial<AlertSettings>) => void;
}) {
  const ids = { all: useId(), windows: useId(), exceptional: useId() };
  /** Saved the moment it changes: before the script has taken over, a change would not be (decision 104). */
  const waiting = !useHydrated();
  return (
    <section aria-labelledby="rule-title" className="alerts-section">
      <h3 id="rule-title">Which deals to alert</h3>
      <fieldset>
        <label htmlFor={ids.all}>
          <input id={ids.all} type="radio" name="alert-rule" disabled={waiting} checked={settings.rule === "all"} onChange={() => onSave({ rule: "all" })} />
          Every matching deal
        </label>
        <label htmlFor={ids.windows}>
          <input
            id={ids.windows}
            type="radio"
            name="alert-rule"
            disabled={waiting}
            checked={settings.rule === "windows"}
            onChange={() => onSave({ rule: "windows" })}
          />
          Only deals that fit my windows
        </label>
        {settings.rule === "windows" && (
          <label htmlFor={ids.exceptional} className="indented">
            <input
              id={ids.exceptional}
              type="checkbox"
              disabled={waiting}
              checked={settings.exceptional}
              onChange={(event) => onSave({ exceptional: event.target.checked })}
            />
            Still send exceptional deals ({EXCEPTIONAL_ALERT_PERCENT}%+ off)
          </label>
        )}
      </fieldset>
      {settings.rule === "windows" && !hasWindows && <p className="muted">Add a travel window below: until then only exceptional deals are alerted.</p>}
    </section>
  );
}
