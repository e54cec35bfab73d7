/** The email about instant alerts on a device: its pushes kept failing, so the device was removed. */
import { emailLayout, escapeHtml, type RenderedEmail } from "./layout.ts";

export function pushDeviceDroppedEmail(person: { firstName: string; email: string }, deviceLabel: string, settingsUrl: string): RenderedEmail {
  const greeting = `Hi ${person.firstName || person.email},`;
  const lines = [
    `${deviceLabel} didn't accept our last alerts: its browser's push service kept failing for hours, so we stopped sending instant alerts to it.`,
    "Your email alerts and your deals are unchanged. To get instant alerts on that device again, open your alert settings on it and turn them back on.",
  ];
  return {
    subject: `Instant alerts stopped on ${deviceLabel}`,
    text: [greeting, "", ...lines, "", `Your alert settings: ${settingsUrl}`].join("\n"),
    html: emailLayout({
      heading: "Instant alerts stopped on a device",
      htmlBlocks: [escapeHtml(greeting), ...lines.map(escapeHtml)],
      buttons: [{ label: "Open your alert settings", url: settingsUrl }],
    }),
  };
}
