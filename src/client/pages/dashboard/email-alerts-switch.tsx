import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "../../api.ts";
import { useToast } from "../../components/toast.tsx";
import { useHydrated } from "../../components/use-hydrated.ts";

/**
 * Saves at once (docs/product-rules.md §5). Turning alerts on warns about spam folders for 6 s. Without access no alert is sent
 * whatever it says, so it is shown disabled, with the reason (the saved choice applies again on rejoining).
 */
export function EmailAlertsSwitch({ enabled, unavailable }: { enabled: boolean; unavailable?: string }) {
  const toast = useToast();
  const reasonId = useId();
  const { revalidate } = useRevalidator();
  const [checked, setChecked] = useState(enabled);
  const [saving, setSaving] = useState(false);
  const hydrated = useHydrated();

  const toggle = async (next: boolean) => {
    setChecked(next);
    setSaving(true);
    try {
      await api.updatePreferences({ emailAlerts: next });
      if (next) {
        toast({
          title: "Heads up!",
          description: "Deal alerts may land in your spam or promotions folder. Mark emails from GoRDU as safe so you never miss one.",
          variant: "info",
          durationMs: 6000,
        });
      } else {
        toast({ title: "Preferences Updated", description: "Email alerts are off. New deals still appear on your dashboard." });
      }
      await revalidate();
    } catch {
      setChecked(!next);
      toast({ title: "Update Failed", description: "Failed to update preferences. Please try again.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const control = (
    <label className="switch-label">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={!hydrated || saving || unavailable !== undefined}
        aria-describedby={unavailable ? reasonId : undefined}
        onChange={(event) => void toggle(event.target.checked)}
      />
      Email Alerts
    </label>
  );
  if (!unavailable) return control;
  return (
    <div className="switch-field">
      {control}
      <small id={reasonId} className="muted">
        {unavailable}
      </small>
    </div>
  );
}
