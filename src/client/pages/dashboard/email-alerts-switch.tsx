import { useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "../../api.ts";
import { useToast } from "../../components/toast.tsx";

/** Saves at once (SPEC §5). Turning alerts on warns about spam folders for 6 s. */
export function EmailAlertsSwitch({ enabled }: { enabled: boolean }) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [checked, setChecked] = useState(enabled);
  const [saving, setSaving] = useState(false);

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

  return (
    <label className="switch-label">
      <input type="checkbox" role="switch" checked={checked} disabled={saving} onChange={(event) => void toggle(event.target.checked)} />
      Email Alerts
    </label>
  );
}
