import { useId } from "react";
import { OFFERED_TIME_ZONES } from "../../../../domain/alert-timing.ts";
import type { AlertSettings } from "../../../../domain/api/alerts.ts";
import { useHydrated } from "../../../components/use-hydrated.ts";

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "am" : "pm"}`;

const TIME_ZONES: readonly string[] = OFFERED_TIME_ZONES;

/** What each choice means, under the list: the options stay short enough for a phone's width. */
const DELIVERY_HINTS: Record<AlertSettings["delivery"], string> = {
  instant: "One email per batch of deals, as soon as they are found.",
  daily: "One email a day with the day's deals, at the digest time below.",
  weekly: "One email on Saturdays with the week's deals, at the digest time below.",
};

/** How and when alerts arrive: instant or a digest, quiet hours in the member's time zone, and a daily cap. */
export function DeliverySection({ settings, onSave }: { settings: AlertSettings; onSave: (change: Partial<AlertSettings>) => void }) {
  const ids = { delivery: useId(), deliveryHint: useId(), digestHour: useId(), zone: useId(), quietStart: useId(), quietEnd: useId(), cap: useId() };
  /** Each choice is saved the moment it changes: before the script has taken over, a change would not be (decision 104). */
  const waiting = !useHydrated();
  const zones = TIME_ZONES.includes(settings.timeZone) ? TIME_ZONES : [settings.timeZone, ...TIME_ZONES];
  const hourSelect = (id: string, value: number, field: "digestHour" | "quietStart" | "quietEnd") => (
    <select id={id} value={value} disabled={waiting} onChange={(event) => onSave({ [field]: Number(event.target.value) })}>
      {HOURS.map((hour) => (
        <option key={hour} value={hour}>
          {hourLabel(hour)}
        </option>
      ))}
    </select>
  );
  return (
    <section aria-labelledby="delivery-title" className="alerts-section alert-delivery">
      <h3 id="delivery-title">When alerts arrive</h3>
      <label htmlFor={ids.delivery}>
        Alert emails
        <select
          id={ids.delivery}
          value={settings.delivery}
          disabled={waiting}
          aria-describedby={ids.deliveryHint}
          onChange={(event) => onSave({ delivery: event.target.value as AlertSettings["delivery"] })}
        >
          <option value="instant">Instantly</option>
          <option value="daily">Daily digest</option>
          <option value="weekly">Weekly digest (Saturdays)</option>
        </select>
      </label>
      <small id={ids.deliveryHint} className="muted delivery-hint">
        {DELIVERY_HINTS[settings.delivery]}
      </small>
      {settings.delivery !== "instant" && (
        <label htmlFor={ids.digestHour}>
          Digest time
          {hourSelect(ids.digestHour, settings.digestHour, "digestHour")}
        </label>
      )}
      <label htmlFor={ids.zone}>
        Time zone
        <select id={ids.zone} value={settings.timeZone} disabled={waiting} onChange={(event) => onSave({ timeZone: event.target.value })}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace("_", " ")}
            </option>
          ))}
        </select>
      </label>
      <div className="window-dates">
        <label htmlFor={ids.quietStart}>
          Quiet from
          {hourSelect(ids.quietStart, settings.quietStart, "quietStart")}
        </label>
        <label htmlFor={ids.quietEnd}>
          Quiet until
          {hourSelect(ids.quietEnd, settings.quietEnd, "quietEnd")}
        </label>
      </div>
      <small className="muted">Instant alerts found during quiet hours wait until they end. Choose the same hour twice for none.</small>
      <label htmlFor={ids.cap}>
        Instant alerts a day, at most
        <select id={ids.cap} value={settings.dailyCap} disabled={waiting} onChange={(event) => onSave({ dailyCap: Number(event.target.value) })}>
          {[1, 2, 3, 5, 10, 20, 50].map((cap) => (
            <option key={cap} value={cap}>
              {cap}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
