/**
 * Snoozing a destination: no alerts about it (email, digest or push) for 30 days; its deals still show on the dashboard.
 * From the dashboard (the member's session), or from a link in an alert email or push, which the member's unsubscribe
 * token authenticates (the token module's one per-member link secret: a link that may stop all alerts may stop one).
 */
import { cityForCode } from "../../domain/airports.ts";
import type { Snooze } from "../../domain/api/alerts.ts";
import { DAY_MS } from "../../domain/calendar.ts";
import type { User } from "../auth/users.ts";
import type { Deps } from "../deps.ts";
import { badRequest, notFound } from "../http/errors.ts";

export const SNOOZE_DAYS = 30;
export const SNOOZE_PATH = "/snooze";

const CODE = /^[A-Z]{3}$/;

export function snoozeUrl(appUrl: string, unsubscribeToken: string, destination: string): string {
  return `${appUrl}${SNOOZE_PATH}?token=${encodeURIComponent(unsubscribeToken)}&destination=${encodeURIComponent(destination)}`;
}

export function cleanDestination(raw: string | undefined): string | null {
  const code = (raw ?? "").trim().toUpperCase();
  return CODE.test(code) ? code : null;
}

export function snoozeDestination(deps: Pick<Deps, "db" | "clock">, user: User, rawDestination: string): Snooze {
  const destination = cleanDestination(rawDestination);
  if (!destination) throw badRequest("Please choose a destination airport.");
  const until = new Date(deps.clock.now().getTime() + SNOOZE_DAYS * DAY_MS);
  deps.db.$client
    .query(
      `INSERT INTO alert_snoozes (user_id, destination, until) VALUES ($userId, $destination, $until)
       ON CONFLICT (user_id, destination) DO UPDATE SET until = excluded.until`,
    )
    .run({ userId: user.id, destination, until: until.getTime() });
  return { destination, city: cityForCode(destination) ?? destination, until: until.toISOString() };
}

export function unsnoozeDestination(deps: Pick<Deps, "db">, user: User, rawDestination: string): void {
  const destination = cleanDestination(rawDestination);
  const removed = destination
    ? deps.db.$client.query("DELETE FROM alert_snoozes WHERE user_id = $userId AND destination = $destination").run({ userId: user.id, destination }).changes
    : 0;
  if (removed === 0) throw notFound("Snooze not found");
}
