import { useId, useState } from "react";
import type { TravelWindow, TravelWindowRequest, WindowPreset } from "../../../../domain/api/alerts.ts";
import { rduToday } from "../../../../domain/calendar.ts";
import { MAX_TRAVEL_WINDOWS, travelWindowProblem, windowDatesProblem, type TravelWindowProblem } from "../../../../domain/travel-windows.ts";
import { api, ApiError } from "../../../api.ts";
import { useToast } from "../../../components/toast.tsx";
import { useToastedAction } from "../../../components/use-toasted-action.ts";
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

type Field = TravelWindowProblem["field"];

/**
 * The subscriber's travel windows: the list with remove buttons, and a form that a preset can fill. A problem is shown
 * at its field (the rule the server applies too); a To date before From is refused as soon as it is chosen.
 */
export function TravelWindowsSection({ windows, presets, onChange }: { windows: TravelWindow[]; presets: WindowPreset[]; onChange: () => Promise<void> }) {
  const toast = useToast();
  const runAction = useToastedAction();
  const ids = { preset: useId(), name: useId(), startDate: useId(), endDate: useId(), minNights: useId(), maxNights: useId(), weekend: useId() };
  const [draft, setDraft] = useState<TravelWindowRequest>(EMPTY);
  const [problem, setProblem] = useState<TravelWindowProblem | null>(null);
  /** The server refused the window (the most windows, a failed request): said under the Save button. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const hydrated = useHydrated();
  const full = windows.length >= MAX_TRAVEL_WINDOWS;
  // The list shows the preset the form holds, so the arrow keys step on from it (a fixed "" sent them back to the top).
  const chosenPreset = presets.find((p) => p.name === draft.name && p.startDate === draft.startDate && p.endDate === draft.endDate)?.name ?? "";

  /** A change clears the problem of the fields it touches; with both dates chosen, their order is checked at once. */
  const change = (fields: Partial<TravelWindowRequest>) => {
    const next = { ...draft, ...fields };
    setDraft(next);
    setRefusal(null);
    const datesChanged = "startDate" in fields || "endDate" in fields;
    if (datesChanged && next.startDate && next.endDate) setProblem(windowDatesProblem(next, rduToday(new Date())));
    else if (problem && problem.field in fields) setProblem(null);
  };

  const choosePreset = (name: string) => {
    const preset = presets.find((p) => p.name === name);
    if (preset) change({ name: preset.name, startDate: preset.startDate, endDate: preset.endDate });
  };

  const save = async () => {
    const found = travelWindowProblem(draft, rduToday(new Date()));
    setProblem(found);
    if (found) {
      document.getElementById(ids[found.field])?.focus();
      return;
    }
    setSaving(true);
    try {
      await api.addTravelWindow(draft);
      toast({ title: "Window Saved", description: `${draft.name.trim()} is one of your travel windows.` });
      setDraft(EMPTY);
      await onChange();
    } catch (error) {
      setRefusal(error instanceof ApiError && error.serverMessage ? error.serverMessage : "Failed to save the window. Please try again.");
    } finally {
      setSaving(false);
    }
  };

  /** aria-invalid and the message's id on the field the problem is about (the message is outside its label, so not part of the field's name). */
  const invalid = (field: Field) =>
    problem?.field === field ? { "aria-invalid": true as const, "aria-describedby": `${ids[field]}-error` } : { "aria-invalid": undefined };
  const fieldError = (field: Field) =>
    problem?.field === field && (
      <small id={`${ids[field]}-error`} className="field-error" role="alert">
        {problem.message}
      </small>
    );

  const remove = (window: TravelWindow) =>
    runAction(
      () => api.removeTravelWindow(window.id),
      {
        done: { title: "Window Removed", description: `${window.name} was removed.` },
        failed: { title: "Not Removed", fallback: "Failed to remove the window. Please try again." },
      },
      onChange,
    );

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
        <Form className="window-form" onSubmit={() => void save()} noValidate>
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
          <div>
            <label htmlFor={ids.name}>Name</label>
            <input id={ids.name} required maxLength={60} value={draft.name} {...invalid("name")} onChange={(event) => change({ name: event.target.value })} />
            {fieldError("name")}
          </div>
          <div className="window-dates">
            <div>
              <label htmlFor={ids.startDate}>From</label>
              <input
                id={ids.startDate}
                type="date"
                required
                value={draft.startDate}
                {...invalid("startDate")}
                onChange={(event) => change({ startDate: event.target.value })}
              />
              {fieldError("startDate")}
            </div>
            <div>
              <label htmlFor={ids.endDate}>To</label>
              <input
                id={ids.endDate}
                type="date"
                required
                min={draft.startDate || undefined}
                value={draft.endDate}
                {...invalid("endDate")}
                onChange={(event) => change({ endDate: event.target.value })}
              />
              {fieldError("endDate")}
            </div>
          </div>
          <div className="window-dates">
            <div>
              <label htmlFor={ids.minNights}>Min nights</label>
              <input
                id={ids.minNights}
                type="number"
                min={0}
                max={60}
                inputMode="numeric"
                value={draft.minNights ?? ""}
                {...invalid("minNights")}
                onChange={(event) => change({ minNights: nightsValue(event.target.value) })}
              />
              {fieldError("minNights")}
            </div>
            <div>
              <label htmlFor={ids.maxNights}>Max nights</label>
              <input
                id={ids.maxNights}
                type="number"
                min={0}
                max={60}
                inputMode="numeric"
                value={draft.maxNights ?? ""}
                {...invalid("maxNights")}
                onChange={(event) => change({ maxNights: nightsValue(event.target.value) })}
              />
              {fieldError("maxNights")}
            </div>
          </div>
          <label htmlFor={ids.weekend}>
            <input id={ids.weekend} type="checkbox" checked={draft.needsWeekend} onChange={(event) => change({ needsWeekend: event.target.checked })} />
            Must include a weekend
          </label>
          <Button type="submit" disabled={saving} aria-busy={saving}>
            Save window
          </Button>
          {refusal && (
            <small className="field-error" role="alert">
              {refusal}
            </small>
          )}
        </Form>
      )}
    </section>
  );
}
