/**
 * Renders a queued push when it is sent: the device's subscription and a short notification about the deals as they
 * are now (what the service worker in public/sw.js shows). Opening it goes to /dashboard?deal=<id>, which opens the
 * deal's details. Nothing is owed (null) when the device was removed, the subscriber lost access, or the deals ended.
 * A device whose pushes keep failing is removed and its member told by email (the outbox decides when).
 */
import { eq } from "drizzle-orm";
import { pushDevices } from "../../../db/schema.ts";
import { hasDealAccess } from "../../domain/access.ts";
import { localDay } from "../../domain/alert-timing.ts";
import { formatTravelDates } from "../../domain/travel-dates.ts";
import { findUserById } from "../auth/users.ts";
import type { Deps } from "../deps.ts";
import { type PushRenderer, queueEmail } from "../mail/outbox.ts";
import { pushDeviceDroppedEmail } from "../mail/templates/push-emails.ts";
import { owedDeals, type OwedDeal } from "./owed-deals.ts";
import { snoozeUrl } from "./snooze.service.ts";

interface DeviceRow {
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
}

const PUSH_DEVICE_DROPPED_KIND = "push-device-dropped";

/** What the service worker receives, as JSON: small (push services take about 4 kB). */
export interface PushMessage {
  title: string;
  body: string;
  /** Same-origin path the notification opens. */
  url: string;
  /** One notification per deal set: a newer push about the same deal replaces the older one. */
  tag: string;
  /** The destination the notification's "Snooze 30 days" action snoozes (the first deal's). */
  destination: string;
}

const dollars = (amount: number) => `$${Math.round(amount).toLocaleString("en-US")}`;

/** `today`: the member's date, for the travel dates' year (formatTravelDates). */
export function pushAlertMessage(
  deals: readonly Pick<OwedDeal, "id" | "destination" | "destination_city" | "price" | "percent_below_typical" | "depart_date" | "return_date">[],
  today: string,
): PushMessage {
  const sorted = [...deals].sort((a, b) => b.percent_below_typical - a.percent_below_typical || a.price - b.price);
  const first = sorted[0]!;
  const city = first.destination_city || first.destination;
  const title = sorted.length === 1 ? `${dollars(first.price)} to ${city}` : `${sorted.length} new deals from RDU`;
  const body =
    sorted.length === 1
      ? `${first.percent_below_typical}% below typical · ${formatTravelDates(first.depart_date, first.return_date, today)}`
      : sorted
          .slice(0, 3)
          .map((deal) => `${deal.destination_city || deal.destination} ${dollars(deal.price)}`)
          .join(" · ");
  return { title, body, url: `/dashboard?deal=${first.id}`, tag: `deal-${first.id}`, destination: first.destination };
}

export function pushAlertRenderer(deps: Pick<Deps, "db" | "clock" | "config">): PushRenderer {
  return (payload) => {
    const { deviceId, userId, deals } = payload;
    if (typeof deviceId !== "number" || typeof userId !== "number" || !Array.isArray(deals)) return null;
    const device = deps.db.$client
      .query("SELECT user_id, endpoint, p256dh, auth, label FROM push_devices WHERE id = $id AND user_id = $userId")
      .get({ id: deviceId, userId }) as DeviceRow | null;
    const user = device && findUserById(deps.db, device.user_id);
    if (!device || !user || !hasDealAccess(user, deps.clock.now())) return null;
    const ids = deals.map((pair) => (Array.isArray(pair) ? pair[0] : null)).filter((id): id is number => typeof id === "number");
    const rows = owedDeals(deps.db, userId, ids, deps.clock.now());
    if (rows.length === 0) return null;
    const message = pushAlertMessage(rows, localDay(deps.clock.now(), user.timeZone));
    return {
      target: { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      payload: JSON.stringify({ ...message, snoozeUrl: snoozeUrl("", user.unsubscribeToken, message.destination) }),
      owner: `member ${user.id}`,
      forget: () => deps.db.$client.query("DELETE FROM push_devices WHERE id = $id").run({ id: deviceId }),
      dropFailing: () =>
        deps.db.transaction((tx) => {
          const removed = tx.delete(pushDevices).where(eq(pushDevices.id, deviceId)).returning({ id: pushDevices.id }).all();
          if (removed.length === 0) return;
          const email = pushDeviceDroppedEmail(user, device.label, `${deps.config.appUrl}/dashboard#alerts`);
          queueEmail(tx, { kind: PUSH_DEVICE_DROPPED_KIND, to: user.email, dedupeKey: `${PUSH_DEVICE_DROPPED_KIND}:${deviceId}`, ...email }, deps.clock.now());
        }),
    };
  };
}
