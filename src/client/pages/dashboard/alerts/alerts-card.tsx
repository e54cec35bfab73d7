import { useEffect, useRef, useState } from "react";
import type { AlertSettings, AlertsOverview } from "../../../../domain/api/alerts.ts";
import { api } from "../../../api.ts";
import { useToast } from "../../../components/toast.tsx";
import { useTimeZoneChosen } from "../../../member-time-zone.ts";
import { AlertRuleSection } from "./alert-rule-section.tsx";
import { DeliverySection } from "./delivery-section.tsx";
import { PushDevicesSection } from "./push-devices-section.tsx";
import { SnoozesSection } from "./snoozes-section.tsx";
import { TravelWindowsSection } from "./travel-windows-section.tsx";

interface Props {
  overview: AlertsOverview;
  /** Reloads the overview (and the deal list, whose badges follow the windows). */
  onChange: () => Promise<void>;
}

/** The dashboard's Alerts card: travel windows and which deals are alerted. Every change saves at once. */
export function AlertsCard({ overview, onChange }: Props) {
  const toast = useToast();
  const timeZoneChosen = useTimeZoneChosen();
  // Shown at once, saved behind, one save after another so the last change is the one kept; a failed save puts the
  // last saved settings back. Nothing else shows the settings, so a save reloads nothing; the times on the page follow
  // a new time zone.
  const [settings, setSettings] = useState(overview.settings);
  const saved = useRef(overview.settings);
  const saves = useRef({ underWay: 0, queue: Promise.resolve() });
  useEffect(() => {
    // A reload for another section (a window, a device) may have left before a save that is still under way.
    if (saves.current.underWay > 0) return;
    saved.current = overview.settings;
    setSettings(overview.settings);
  }, [overview.settings]);

  const saveSettings = (change: Partial<AlertSettings>) => {
    const next = { ...settings, ...change };
    setSettings(next);
    saves.current.underWay += 1;
    saves.current.queue = saves.current.queue.then(async () => {
      try {
        await api.updateAlertSettings(next);
        saved.current = next;
        timeZoneChosen(next.timeZone);
        toast({ title: "Alerts Updated", description: "Your alert settings are saved." });
      } catch {
        setSettings(saved.current);
        toast({ title: "Update Failed", description: "Failed to save your alert settings. Please try again.", variant: "destructive" });
      } finally {
        saves.current.underWay -= 1;
      }
    });
  };

  return (
    <article className="alerts-card" id="alerts" aria-labelledby="alerts-title">
      <header className="card-header">
        <div>
          <h2 id="alerts-title">Alerts that fit your life</h2>
          <p className="card-subtitle">Your travel dates, which deals reach you, how and when.</p>
        </div>
      </header>
      <AlertRuleSection settings={settings} hasWindows={overview.windows.length > 0} onSave={saveSettings} />
      <TravelWindowsSection windows={overview.windows} presets={overview.presets} onChange={onChange} />
      <DeliverySection settings={settings} onSave={saveSettings} />
      <PushDevicesSection devices={overview.devices} publicKey={overview.pushPublicKey} onChange={onChange} />
      <SnoozesSection snoozes={overview.snoozes} onChange={onChange} />
    </article>
  );
}
