/**
 * Renders a queued deal alert when it is sent: the outbox row holds only the subscriber and deal ids, and
 * this reads the deals as they are now. Nothing is owed any more (null) when the subscriber turned alerts
 * off, lost access, or every listed deal has ended or was removed from their list.
 */
import { comparedWith, evidenceSentence } from "../../domain/deal-rules.ts";
import { hasDealAccess } from "../../domain/access.ts";
import { localDay } from "../../domain/alert-timing.ts";
import { TRIP_TYPE_LABEL } from "../../domain/deal-labels.ts";
import { bookingLinksOf } from "../deals/deal-row.ts";
import { formatTravelDates } from "../../domain/travel-dates.ts";
import { formatZonedTime } from "../../domain/zoned-time-text.ts";
import { findUserById } from "../auth/users.ts";
import type { Deps } from "../deps.ts";
import type { DealAlertPayload } from "./alert-queue.ts";
import type { TemplateRenderer } from "../mail/outbox.ts";
import {
  dealAlertFor,
  dealAlertSkeleton,
  personalizeDealAlert,
  type AlertedDeal,
  type DealAlertPersonal,
  type DealAlertShared,
} from "../mail/templates/deal-alert.ts";
import type { RenderedEmail } from "../mail/templates/layout.ts";
import { owedDeals, type OwedDeal } from "./owed-deals.ts";
import { snoozeUrl } from "./snooze.service.ts";
import { unsubscribeUrl } from "./unsubscribe.service.ts";

function readPayload(payload: Record<string, unknown>): DealAlertPayload | null {
  const { userId, deals } = payload;
  if (typeof userId !== "number" || !Array.isArray(deals)) return null;
  const pairs = deals.filter((pair): pair is [number, number] => Array.isArray(pair) && typeof pair[0] === "number" && typeof pair[1] === "number");
  return { userId, deals: pairs };
}

/** Skeletons kept per renderer: a fan-out's alerts fall into a few groups; the oldest goes first. */
const MAX_SKELETONS = 500;

/**
 * `digest`: the renderer of daily and weekly digests, the same deals ranked by savings under their own subject.
 * Members who get the same deals (as they are now), in the same time zone, on the same local day get the same alert
 * but for their name, address and own links: it is rendered once per such group and filled in per member (decision 122).
 */
export function dealAlertRenderer(deps: Pick<Deps, "db" | "clock" | "config">, options: { digest?: boolean } = {}): TemplateRenderer {
  const { appUrl } = deps.config;
  const skeletons = new Map<string, RenderedEmail | null>();

  const sharedParts = (rows: OwedDeal[], timeZone: string, now: Date): DealAlertShared => {
    const today = localDay(now, timeZone);
    return {
      deals: rows.map((row) => alertedDeal(row, appUrl, timeZone, today, now)),
      dashboardUrl: `${appUrl}/dashboard`,
      howWeFindDealsUrl: `${appUrl}/how-we-find-deals`,
      settingsUrl: `${appUrl}/dashboard#alerts`,
      supportEmail: deps.config.supportEmail,
      digest: options.digest,
    };
  };

  const skeletonFor = (rows: OwedDeal[], timeZone: string, now: Date): RenderedEmail | null => {
    const key = JSON.stringify([timeZone, localDay(now, timeZone), rows]);
    if (skeletons.has(key)) return skeletons.get(key)!;
    const skeleton = dealAlertSkeleton(sharedParts(rows, timeZone, now));
    if (skeletons.size >= MAX_SKELETONS) skeletons.delete(skeletons.keys().next().value!);
    skeletons.set(key, skeleton);
    return skeleton;
  };

  return (rawPayload, to) => {
    const payload = readPayload(rawPayload);
    if (!payload || payload.deals.length === 0) return null;
    const now = deps.clock.now();
    const user = findUserById(deps.db, payload.userId);
    if (!user?.emailAlerts || !hasDealAccess(user, now)) return null;

    const rows = owedDeals(
      deps.db,
      user.id,
      payload.deals.map(([id]) => id),
      now,
    );
    if (rows.length === 0) return null;

    const unsubscribe = unsubscribeUrl(appUrl, user.unsubscribeToken);
    const personal: DealAlertPersonal = {
      firstName: user.firstName,
      email: to,
      unsubscribeUrl: unsubscribe,
      snoozeUrls: Object.fromEntries(rows.map((row) => [row.destination, snoozeUrl(appUrl, user.unsubscribeToken, row.destination)])),
    };
    const skeleton = skeletonFor(rows, user.timeZone, now);
    const email = skeleton ? personalizeDealAlert(skeleton, personal) : dealAlertFor(sharedParts(rows, user.timeZone, now), personal);
    return { ...email, headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
  };
}

/** A deal as every member in `timeZone` reads it on `today`: all but its snooze link, which is theirs. */
function alertedDeal(row: OwedDeal, appUrl: string, timeZone: string, today: string, now: Date): Omit<AlertedDeal, "snoozeUrl"> {
  const links = bookingLinksOf(row);
  return {
    destination: row.destination,
    city: row.destination_city || row.destination,
    price: row.price,
    tripType: TRIP_TYPE_LABEL[row.trip_type] ?? TRIP_TYPE_LABEL.round_trip,
    travelDates: formatTravelDates(row.depart_date, row.return_date, today),
    nonstop: row.nonstop === 1,
    percentBelowTypical: row.percent_below_typical,
    typicalPrice: Math.round(row.typical_median),
    typicalLow: row.typical_low,
    typicalHigh: row.typical_high,
    comparedWith: row.trip_kind
      ? comparedWith({ tripKind: row.trip_kind, destinationCity: row.destination_city || row.destination, departDate: row.depart_date })
      : "this route this month",
    evidence: evidenceSentence({
      tripKind: row.trip_kind,
      robustZ: row.robust_z,
      historyDays: row.history_days,
      destinationCity: row.destination_city || row.destination,
      departDate: row.depart_date,
    }),
    lastChecked: formatZonedTime(new Date(row.last_checked_at), timeZone, now),
    tier: row.tier,
    airline: row.airline,
    links,
    shareUrl: `${appUrl}/dashboard?share=${row.id}`,
  };
}
