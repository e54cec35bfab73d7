import { useId, useState } from "react";
import type { PushDevice } from "../../../../domain/api/alerts.ts";
import { api, ApiError } from "../../../api.ts";
import { useToast } from "../../../components/toast.tsx";
import { useToastedAction } from "../../../components/use-toasted-action.ts";
import { Button } from "../../../components/button.tsx";
import { useZonedDate } from "../../../member-time-zone.ts";

/** 'Chrome on Android': enough for a person to tell their devices apart in the list. */
function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "this device";
  return `${browser} on ${system}`;
}

const pushSupported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/**
 * Asks for permission only when the person clicks: registers /sw.js, subscribes with the server's VAPID key and
 * saves the subscription as one of their devices.
 */
async function subscribeThisDevice(publicKey: string): Promise<PushDevice> {
  if (!pushSupported()) throw new Error("unsupported");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error("permission");
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const json = subscription.toJSON() as { endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } };
  return api.addPushDevice({ endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: json.keys, label: deviceLabel(navigator.userAgent) });
}

/** Instant alerts by web push: the opt-in button and the member's devices, each with a remove button. */
export function PushDevicesSection({ devices, publicKey, onChange }: { devices: PushDevice[]; publicKey: string; onChange: () => Promise<void> }) {
  const toast = useToast();
  const runAction = useToastedAction();
  const zonedDate = useZonedDate();
  const titleId = useId();
  const [busy, setBusy] = useState(false);

  const enable = async () => {
    setBusy(true);
    try {
      await subscribeThisDevice(publicKey);
      toast({ title: "Instant Alerts On", description: "New deals now reach this device at once." });
      await onChange();
    } catch (error) {
      const reason = error instanceof Error ? error.message : "";
      const message =
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : reason === "permission"
            ? "Notifications are blocked for this site. Allow them in your browser's settings, then try again."
            : reason === "unsupported"
              ? "This browser cannot receive web push. On an iPhone, add GoRDU to your Home Screen first."
              : "This browser could not turn on instant alerts. Please try again.";
      toast({ title: "Not Turned On", description: message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  const remove = (device: PushDevice) =>
    runAction(
      () => api.removePushDevice(device.id),
      {
        done: { title: "Device Removed", description: `${device.label} no longer gets instant alerts.` },
        failed: { title: "Not Removed", fallback: "Failed to remove the device. Please try again." },
      },
      onChange,
    );

  return (
    <section aria-labelledby={titleId} className="alerts-section">
      <h3 id={titleId}>Instant alerts on your devices</h3>
      <p className="muted">A notification the moment a deal is found, outside your quiet hours. Your browser asks for permission first.</p>
      {devices.length > 0 && (
        <ul className="window-list" aria-label="Devices with instant alerts">
          {devices.map((device) => (
            <li key={device.id}>
              <span>
                <strong>{device.label}</strong>
                <small>Added {zonedDate(device.createdAt)}</small>
              </span>
              <Button type="button" className="secondary outline" aria-label={`Remove ${device.label}`} onClick={() => void remove(device)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button type="button" className="secondary" disabled={busy} aria-busy={busy} onClick={() => void enable()}>
        Get instant alerts on this device
      </Button>
    </section>
  );
}
