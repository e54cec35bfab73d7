import type { AuditEntry } from "../../../domain/api/admin.ts";

const ACTIONS: Record<string, string> = {
  "user.update": "Edited user",
  "user.delete": "Deleted user",
  "subscription.pause": "Paused subscription",
  "subscription.resume": "Resumed subscription",
  "subscription.cancel": "Cancelled subscription",
  "subscription.reactivate": "Re-activated subscription",
  "outbox.retry": "Retried email",
  "contact.read": "Marked message read",
  "contact.unread": "Marked message unread",
};

const FIELDS: Record<string, string> = {
  email: "Email",
  firstName: "First name",
  lastName: "Last name",
  address: "Address",
  phone: "Phone",
  subscriptionType: "Type",
  subscriptionStatus: "Status",
  cancelAtPeriodEnd: "Cancels at period end",
  stripeSubscriptionId: "Stripe subscription",
  status: "Status",
  attempts: "Attempts",
  lastError: "Last error",
  read: "Read",
};

export const actionLabel = (action: string) => ACTIONS[action] ?? action;
export const fieldLabel = (field: string) => FIELDS[field] ?? field;

const MAX_VALUE = 60;

/** A value as one short line of text. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "yes" : "no";
  const text = typeof value === "string" ? value.replace(/\s+/g, " ") : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

export interface Change {
  field: string;
  before: string;
  after: string;
}

/** The fields whose value differs between before and after, in a stable order. */
export function auditChanges(entry: AuditEntry): Change[] {
  if (!entry.before || !entry.after) return [];
  const fields = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  return fields
    .filter((field) => JSON.stringify(entry.before![field] ?? null) !== JSON.stringify(entry.after![field] ?? null))
    .map((field) => ({ field: fieldLabel(field), before: showValue(entry.before![field]), after: showValue(entry.after![field]) }));
}

/** For a deletion (no after): what the account was. */
export function deletedSummary(entry: AuditEntry): string | null {
  if (entry.after || !entry.before) return null;
  const { subscriptionType, subscriptionStatus } = entry.before as { subscriptionType?: unknown; subscriptionStatus?: unknown };
  const parts = [subscriptionType, subscriptionStatus].filter((part): part is string => typeof part === "string" && part !== "");
  return parts.length ? `Was ${parts.join(", ")}` : null;
}
