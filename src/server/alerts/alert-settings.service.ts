/**
 * A subscriber's alert settings: travel windows (at most 10), the alert rule, delivery, quiet hours and the daily cap,
 * and the overview the dashboard's Alerts card shows. Windows and devices are found by id *and* owner, so another
 * subscriber's id answers 404 like an unknown one.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { alertSnoozes, pushDevices, travelWindows, users } from "../../../db/schema.ts";
import { cityForCode } from "../../domain/airports.ts";
import type { AlertSettings, AlertsOverview, TravelWindow, TravelWindowRequest } from "../../domain/api/alerts.ts";
import { rduToday } from "../../domain/calendar.ts";
import { travelWindowPresets } from "../../domain/holiday-presets.ts";
import { isTimeZone } from "../../domain/alert-timing.ts";
import { MAX_TRAVEL_WINDOWS, travelWindowProblem } from "../../domain/travel-windows.ts";
import type { User } from "../auth/users.ts";
import type { Deps } from "../deps.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import { idFromPath } from "../http/path-id.ts";
import { vapidKeys } from "../mail/push-keys.ts";

type WindowRow = typeof travelWindows.$inferSelect;

const toTravelWindow = (row: WindowRow): TravelWindow => ({
  id: row.id,
  name: row.name,
  startDate: row.startDate,
  endDate: row.endDate,
  minNights: row.minNights,
  maxNights: row.maxNights,
  needsWeekend: row.needsWeekend,
});

export function alertSettingsOf(user: User): AlertSettings {
  return {
    rule: user.alertRule,
    exceptional: user.alertExceptional,
    delivery: user.alertDelivery,
    digestHour: user.digestHour,
    timeZone: user.timeZone,
    quietStart: user.quietStart,
    quietEnd: user.quietEnd,
    dailyCap: user.dailyCap,
  };
}

export function listTravelWindows(deps: Pick<Deps, "db">, userId: number): TravelWindow[] {
  return deps.db
    .select()
    .from(travelWindows)
    .where(eq(travelWindows.userId, userId))
    .orderBy(asc(travelWindows.startDate), asc(travelWindows.id))
    .all()
    .map(toTravelWindow);
}

export function alertsOverview(deps: Pick<Deps, "db" | "clock" | "config">, user: User): AlertsOverview {
  const now = deps.clock.now();
  const devices = deps.db
    .select({ id: pushDevices.id, label: pushDevices.label, createdAt: pushDevices.createdAt })
    .from(pushDevices)
    .where(eq(pushDevices.userId, user.id))
    .orderBy(asc(pushDevices.id))
    .all();
  const snoozes = deps.db
    .select()
    .from(alertSnoozes)
    .where(and(eq(alertSnoozes.userId, user.id), sql`${alertSnoozes.until} > ${now.getTime()}`))
    .orderBy(asc(alertSnoozes.destination))
    .all();
  return {
    settings: alertSettingsOf(user),
    windows: listTravelWindows(deps, user.id),
    presets: travelWindowPresets(now),
    devices: devices.map((device) => ({ ...device, createdAt: device.createdAt.toISOString() })),
    snoozes: snoozes.map((snooze) => ({
      destination: snooze.destination,
      city: cityForCode(snooze.destination) ?? snooze.destination,
      until: snooze.until.toISOString(),
    })),
    pushPublicKey: vapidKeys(deps).publicKey,
  };
}

export function addTravelWindow(deps: Pick<Deps, "db" | "clock">, user: User, input: TravelWindowRequest): TravelWindow {
  const now = deps.clock.now();
  const problem = travelWindowProblem(input, rduToday(now));
  if (problem) throw badRequest(problem.message);
  return deps.db.transaction((tx) => {
    const count = tx.select({ n: sql<number>`count(*)` }).from(travelWindows).where(eq(travelWindows.userId, user.id)).get()!.n;
    if (count >= MAX_TRAVEL_WINDOWS) throw conflict(`You can keep up to ${MAX_TRAVEL_WINDOWS} travel windows. Remove one to add another.`);
    const row = tx
      .insert(travelWindows)
      .values({ ...input, name: input.name.trim(), userId: user.id, createdAt: now })
      .returning()
      .get();
    return toTravelWindow(row);
  });
}

/** 404 for an unknown id or another subscriber's window. */
export function removeTravelWindow(deps: Pick<Deps, "db">, user: User, rawId: string): void {
  const id = idFromPath(rawId, "Travel window not found");
  const removed = deps.db.$client.query("DELETE FROM travel_windows WHERE id = $id AND user_id = $userId").run({ id, userId: user.id }).changes;
  if (removed === 0) throw notFound("Travel window not found");
}

export function updateAlertSettings(deps: Pick<Deps, "db" | "clock">, user: User, input: AlertSettings): AlertSettings {
  if (!isTimeZone(input.timeZone)) throw badRequest("Please choose a time zone from the list.");
  const updated = deps.db
    .update(users)
    .set({
      alertRule: input.rule,
      alertExceptional: input.exceptional,
      alertDelivery: input.delivery,
      digestHour: input.digestHour,
      timeZone: input.timeZone,
      quietStart: input.quietStart,
      quietEnd: input.quietEnd,
      dailyCap: input.dailyCap,
      updatedAt: deps.clock.now(),
    })
    .where(eq(users.id, user.id))
    .returning()
    .get();
  return alertSettingsOf(updated);
}
