/**
 * The fan-out decides, when it queues, how and when each subscriber hears about their new deals, so a held alert or
 * a digest is simply an outbox row with a due time (it survives a restart like any other row):
 * - email, 'instant': now, or when the subscriber's quiet hours end; past the daily cap, the next morning;
 * - email, 'daily' or 'weekly': merged into one digest row due at the chosen local hour (weekly: Saturdays);
 * - web push to each device: always instant, under the same quiet hours and cap.
 * The cap counts instant alerts per local day in users.alerts_day / alerts_that_day, updated in the same transaction.
 */
import type { Db } from "../../../db/client.ts";
import { instantAlertTime, localDay, nextDayAlertTime, nextDigestTime, type AlertTiming } from "../../domain/alert-timing.ts";
import { queueDealAlerts, queueDealDigests, queuePushAlerts, type DealAlertPayload } from "./alert-queue.ts";

interface Subscriber extends AlertTiming {
  id: number;
  email: string;
  emailAlerts: boolean;
  dailyCap: number;
  alertsDay: string | null;
  alertsThatDay: number;
}

const SUBSCRIBERS = `
SELECT id, email, email_alerts, alert_delivery, digest_hour, time_zone, quiet_start, quiet_end, daily_cap, alerts_day, alerts_that_day
FROM users WHERE id IN (SELECT value FROM json_each($userIds))`;

const PUSH_DEVICES = `SELECT id, user_id FROM push_devices WHERE user_id IN (SELECT value FROM json_each($userIds))`;

type SubscriberRow = [number, string, number, AlertTiming["delivery"], number, string, number, number, number, string | null, number];

function readSubscribers(db: Db, userIds: string): Subscriber[] {
  return (db.$client.query(SUBSCRIBERS).values({ userIds }) as SubscriberRow[]).map(
    ([id, email, emailAlerts, delivery, digestHour, timeZone, quietStart, quietEnd, dailyCap, alertsDay, alertsThatDay]) => ({
      id,
      email,
      emailAlerts: emailAlerts === 1,
      delivery,
      digestHour,
      timeZone,
      quietStart,
      quietEnd,
      dailyCap,
      alertsDay,
      alertsThatDay,
    }),
  );
}

/** When this subscriber's next instant alert may go, and the local day it then counts in. */
function instantSlot(subscriber: Subscriber, now: Date): { dueAt: Date; day: string; count: number } {
  let dueAt = instantAlertTime(now, subscriber);
  let day = localDay(dueAt, subscriber.timeZone);
  let count = subscriber.alertsDay === day ? subscriber.alertsThatDay : 0;
  if (count >= subscriber.dailyCap) {
    dueAt = nextDayAlertTime(dueAt, subscriber);
    day = localDay(dueAt, subscriber.timeZone);
    count = 0;
  }
  return { dueAt, day, count };
}

export interface QueuedAlerts {
  emails: number;
  pushes: number;
}

/** Synchronous, inside the fan-out batch's transaction: queues every subscriber's email, digest and pushes. */
export function queueAlertsFor(db: Db, byUser: ReadonlyMap<number, DealAlertPayload["deals"]>, now: Date): QueuedAlerts {
  if (byUser.size === 0) return { emails: 0, pushes: 0 };
  const userIds = JSON.stringify([...byUser.keys()]);
  const devicesByUser = new Map<number, number[]>();
  for (const [deviceId, userId] of db.$client.query(PUSH_DEVICES).values({ userIds }) as [number, number][]) {
    devicesByUser.set(userId, [...(devicesByUser.get(userId) ?? []), deviceId]);
  }

  const instant: { to: string; payload: DealAlertPayload; dueAt: Date }[] = [];
  const digests: { to: string; payload: DealAlertPayload; dueAt: Date }[] = [];
  const pushes: { payload: DealAlertPayload & { deviceId: number }; dueAt: Date }[] = [];
  const counted = db.$client.query("UPDATE users SET alerts_day = $day, alerts_that_day = $count WHERE id = $id");
  for (const subscriber of readSubscribers(db, userIds)) {
    const deals = byUser.get(subscriber.id)!;
    const payload = { userId: subscriber.id, deals };
    const devices = devicesByUser.get(subscriber.id) ?? [];
    const emailsInstantly = subscriber.emailAlerts && subscriber.delivery === "instant";
    if (subscriber.emailAlerts && !emailsInstantly) digests.push({ to: subscriber.email, payload, dueAt: nextDigestTime(now, subscriber) });
    if (!emailsInstantly && devices.length === 0) continue;
    const slot = instantSlot(subscriber, now);
    if (emailsInstantly) instant.push({ to: subscriber.email, payload, dueAt: slot.dueAt });
    for (const deviceId of devices) pushes.push({ payload: { ...payload, deviceId }, dueAt: slot.dueAt });
    counted.run({ id: subscriber.id, day: slot.day, count: slot.count + 1 });
  }
  return {
    emails: queueDealAlerts(db, instant, now) + queueDealDigests(db, digests, now),
    pushes: queuePushAlerts(db, pushes, now),
  };
}
