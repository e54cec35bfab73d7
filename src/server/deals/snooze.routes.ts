import { Elysia, t } from "elysia";
import { cityForCode } from "../../domain/airports.ts";
import type { Deps } from "../deps.ts";
import { escapeHtml } from "../mail/templates/layout.ts";
import { cleanDestination, SNOOZE_DAYS, SNOOZE_PATH, snoozeDestination, snoozeUrl } from "./snooze.service.ts";
import { maskEmail, page } from "./unsubscribe-page.ts";
import { findUserByUnsubscribeToken } from "./unsubscribe.service.ts";

const html = (body: string, status = 200) =>
  new Response(body, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "referrer-policy": "no-referrer" },
  });

const SnoozeQuery = t.Object({ token: t.Optional(t.String({ maxLength: 200 })), destination: t.Optional(t.String({ maxLength: 10 })) });

const invalid = () =>
  html(page("This link isn't valid", "<p>This snooze link is incomplete or no longer valid. You can snooze a destination from your dashboard.</p>"), 404);

/**
 * The snooze link in alert emails and pushes: GET shows a confirmation (a link scanner's visit changes nothing),
 * POST snoozes. Mounted before the JSON body parser: the confirmation's form posts from our own page.
 */
export function snoozeRoutes(deps: Deps) {
  return new Elysia()
    .get(
      SNOOZE_PATH,
      ({ query }) => {
        const user = findUserByUnsubscribeToken(deps, query.token);
        const destination = cleanDestination(query.destination);
        if (!user || !destination) return invalid();
        const city = cityForCode(destination) ?? destination;
        return html(
          page(
            `Snooze ${city}?`,
            `<p>No deal alerts about <strong>${escapeHtml(city)} (${destination})</strong> for ${SNOOZE_DAYS} days for <strong>${escapeHtml(maskEmail(user.email))}</strong>. Its deals still show on your dashboard.</p>
<form method="post" action="${escapeHtml(snoozeUrl(deps.config.appUrl, user.unsubscribeToken, destination))}">
<button type="submit" style="padding:10px 18px;background:#0b5cad;color:#fff;border:0;border-radius:6px;font-weight:600;font-size:16px;cursor:pointer">Snooze ${escapeHtml(city)} for ${SNOOZE_DAYS} days</button>
</form>`,
          ),
        );
      },
      { query: SnoozeQuery },
    )
    .post(
      SNOOZE_PATH,
      ({ query }) => {
        const user = findUserByUnsubscribeToken(deps, query.token);
        const destination = cleanDestination(query.destination);
        if (!user || !destination) return invalid();
        const snooze = snoozeDestination(deps, user, destination);
        const until = new Date(snooze.until).toLocaleDateString("en-US", { month: "long", day: "numeric", timeZone: user.timeZone });
        return html(
          page(
            `${snooze.city} is snoozed`,
            `<p>No deal alerts about ${escapeHtml(snooze.city)} until ${escapeHtml(until)}. Change this any time in <a href="${escapeHtml(`${deps.config.appUrl}/dashboard#alerts`)}">your alert settings</a>.</p>`,
          ),
        );
      },
      { query: SnoozeQuery },
    );
}
