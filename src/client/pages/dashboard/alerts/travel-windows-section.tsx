import { useId, useState } from "react";
import type { TravelWindow, TravelWindowRequest, WindowPreset } from "../../../../domain/api/alerts.ts";
import { MAX_TRAVEL_WINDOWS } from "../../../../domain/travel-windows.ts";
import { api, ApiError } from "../../../api.ts";
import { useToast } from "../../../components/toast.tsx";
import { Button } from "../../../components/button.tsx";
import { Form } from "../../../components/form.tsx";
import { useHydrated } from "../../../components/use-hydrated.ts";

const EMPTY: TravelWindowRequest = { name: "", startDate: "", endDate: "", minNights: null, maxNights: null, needsWeekend: false };

const shortDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

const nightsText = (window: TravelWindow) => {
  if (window.minNights === null && window.maxNights === null) return "";
  if (window.minNights !== null && window.maxNights !== null) return ` · ${window.minNights}–${window.maxNights} nights`;
  return window.minNights !== null ? ` · ${window.minNights}+ nights` : ` · up to ${window.maxNights} nights`;
};

const nightsValue = (text: string) => (text === "" ? null : Number(text));

/** The subscriber's travel windows: the list with remove buttons, and a form that a preset can fill. */
export function TravelWindowsSection({ windows, presets, onChange }: { windows: TravelWindow[]; presets: WindowPreset[]; onChange: () => Promise<void> }) {
  const toast = useToast();
  const ids = { preset: useId(), name: useId(), start: useId(), end: useId(), min: useId(), max: useId(), weekend: useId() };
  const [draft, setDraft] = useState<TravelWindowRequest>(EMPTY);
  const [saving, setSaving] = useState(false);
  const hydrated = useHydrated();
  const full = windows.length >= MAX_TRAVEL_WINDOWS;
  // The list shows the preset the form holds, so the arrow keys step on from it (a fixed "" sent them back to the top).
  const chosenPreset = presets.find((p) => p.name === draft.name && p.startDate === draft.startDate && p.endDate === draft.endDate)?.name ?? "";

  const choosePreset = (name: string) => {
    const preset = presets.find((p) => p.name === name);
    if (preset) setDraft({ ...draft, name: preset.name, startDate: preset.startDate, endDate: preset.endDate });
  };

  const save = async () => {
    setSaving(true);
    try {
      await api.addTravelWindow(draft);
      toast({ title: "Window Saved", description: `${draft.name.trim()} is one of your travel windows.` });
      setDraft(EMPTY);
      await onChange();
    } catch (error) {
      const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : "Failed to save the window. Please try again.";
      toast({ title: "Not Saved", description: message, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const remove = async (window: TravelWindow) => {
    try {
      await api.removeTravelWindow(window.id);
      toast({ title: "Window Removed", description: `${window.name} was removed.` });
      await onChange();
    } catch {
      toast({ title: "Not Removed", description: "Failed to remove the window. Please try again.", variant: "destructive" });
    }
  };

  return (
    <section aria-labelledby="windows-title" className="alerts-section">
      <h3 id="windows-title">Travel windows</h3>
      <p className="muted">When you can travel. Deals that fit get a badge, and you can choose to be alerted only about them.</p>
      {windows.length > 0 ? (
        <ul className="window-list" aria-label="Your travel windows">
          {windows.map((window) => (
            <li key={window.id}>
              <span>
                <strong>{window.name}</strong>
                <small>
                  {shortDate(window.startDate)} – {shortDate(window.endDate)}
                  {nightsText(window)}
                  {window.needsWeekend ? " · with a weekend" : ""}
                </small>
              </span>
              <Button type="button" className="secondary outline" aria-label={`Remove ${window.name}`} onClick={() => void remove(window)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No travel windows yet.</p>
      )}
      {full ? (
        <p className="muted">You have {MAX_TRAVEL_WINDOWS} windows, the most you can keep. Remove one to add another.</p>
      ) : (
        <Form className="window-form" onSubmit={() => void save()}>
          <label htmlFor={ids.preset}>
            Start from a holiday
            <select id={ids.preset} value={chosenPreset} disabled={!hydrated} onChange={(event) => choosePreset(event.target.value)}>
              <option value="">Choose a preset…</option>
              {presets.map((preset) => (
                <option key={preset.name} value={preset.name}>
                  {preset.name} ({shortDate(preset.startDate)} – {shortDate(preset.endDate)})
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={ids.name}>
            Name
            <input id={ids.name} required maxLength={60} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
          </label>
          <div className="window-dates">
            <label htmlFor={ids.start}>
              From
              <input id={ids.start} type="date" required value={draft.startDate} onChange={(event) => setDraft({ ...draft, startDate: event.target.value })} />
            </label>
            <label htmlFor={ids.end}>
              To
              <input id={ids.end} type="date" required value={draft.endDate} onChange={(event) => setDraft({ ...draft, endDate: event.target.value })} />
            </label>
          </div>
          <div className="window-dates">
            <label htmlFor={ids.min}>
              Min nights
              <input
                id={ids.min}
                type="number"
                min={0}
                max={60}
                inputMode="numeric"
                value={draft.minNights ?? ""}
                onChange={(event) => setDraft({ ...draft, minNights: nightsValue(event.target.value) })}
              />
            </label>
            <label htmlFor={ids.max}>
              Max nights
              <input
                id={ids.max}
                type="number"
                min={0}
                max={60}
                inputMode="numeric"
                value={draft.maxNights ?? ""}
                onChange={(event) => setDraft({ ...draft, maxNights: nightsValue(event.target.value) })}
              />
            </label>
          </div>
          <label htmlFor={ids.weekend}>
            <input
              id={ids.weekend}
              type="checkbox"
              checked={draft.needsWeekend}
              onChange={(event) => setDraft({ ...draft, needsWeekend: event.target.checked })}
            />
            Must include a weekend
          </label>
          <Button type="submit" disabled={saving} aria-busy={saving}>
            Save window
          </Button>
        </Form>
      )}
    </section>
  );
}
