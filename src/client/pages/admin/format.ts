/**
 * Dates for the admin pages. They are shown in RDU's time zone, so the server's render and the browser's
 * hydration print the same text whatever zone either machine is in.
 */
const ZONE = "America/New_York";

const dayFormat = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, month: "short", day: "numeric", year: "numeric" });
const shortDayFormat = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, month: "short", day: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
const clockFormat = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, hour: "numeric", minute: "2-digit", second: "2-digit" });
const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'Mar 3, 2025' (MMM d, yyyy). */
export const formatDay = (iso: string) => dayFormat.format(new Date(iso));
/** 'Mar 3' */
export const formatShortDay = (iso: string) => shortDayFormat.format(new Date(iso));
/** 'Mar 3, 2:05 PM' (Eastern). */
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));
/** '2:05:09 PM' (Eastern). */
export const formatClock = (date: Date) => clockFormat.format(date);
/** '$1,234.50' */
export const formatMoney = (amount: number) => money.format(amount);

/** '3 s', '2 min 5 s' between two instants. */
export function formatDuration(startIso: string, endIso: string | null): string {
  if (!endIso) return "";
  const seconds = Math.max(0, Math.round((new Date(endIso).getTime() - new Date(startIso).getTime()) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
}

export type Tone = "success" | "warning" | "danger" | "neutral" | "info";

/** The colour of a status badge: subscription statuses, scan runs and outbox rows alike. */
export function statusTone(status: string): Tone {
  switch (status.toLowerCase()) {
    case "active":
    case "succeeded":
    case "sent":
      return "success";
    case "paused":
    case "queued":
    case "incomplete":
      return "warning";
    case "past due":
    case "unpaid":
    case "failed":
      return "danger";
    case "running":
      return "info";
    default:
      return "neutral";
  }
}
