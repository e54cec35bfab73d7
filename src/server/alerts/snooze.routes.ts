import { Elysia, t } from "elysia";
import { cityForCode } from "../../domain/airports.ts";
import { formatZonedDate } from "../../domain/zoned-time-text.ts";
import { isLinkFormToken, linkFormToken } from "../auth/tokens.ts";
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

/** The confirmation form's field: a per-link token, so the POST needs no Origin (tokens.ts). */
const SnoozeForm = t.Optional(t.Object({ confirm: t.Optional(t.String({ maxLength: 100 })) }));
const FORM_PURPOSE = "snooze";

const invalid = () =>
  html(page("This link isn't valid", "<p>This snooze link is incomplete or no longer valid. You can snooze a destination from your dashboard.</p>"), 404);

const unconfirmed = () =>
  html(
    page("Please confirm again", "<p>This snooze wasn't confirmed from its page. Open the snooze link from your email again and press the button.</p>"),
    403,
  );

/**
 * The snooze link in alert emails and pushes: GET shows a confirmation (a link scanner's visit changes nothing),
 * POST snoozes. The confirmation's form carries a per-link token, which is what the POST is checked with: the page
 * sends `Referrer-Policy: no-referrer`, so browsers without Fetch Metadata post with `Origin: null` (app.ts exempts
 * the path from the Origin check). No cookie is involved: the link's token is the authority, as for unsubscribing.
 * Mounted before the JSON body parser: the form is form-encoded.
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
<input type="hidden" name="confirm" value="${linkFormToken(user.unsubscribeToken, FORM_PURPOSE, destination)}">
<button type="submit" style="padding:10px 18px;background:#0b5cad;color:#fff;border:0;border-radius:6px;font-weight:600;font-size:16px;cursor:pointer">Snooze ${escapeHtml(city)} for ${SNOOZE_DAYS} days</button>
</form>`,
          ),
        );
      },
      { query: SnoozeQuery },
    )
    .post(
      SNOOZE_PATH,
      ({ query, body }) => {
        const user = findUserByUnsubscribeToken(deps, query.token);
        const destination = cleanDestination(query.destination);
        if (!user || !destination) return invalid();
        if (!isLinkFormToken(body?.confirm, user.unsubscribeToken, FORM_PURPOSE, destination)) return unconfirmed();
        const snooze = snoozeDestination(deps, user, destination);
        const until = formatZonedDate(new Date(snooze.until), user.timeZone, deps.clock.now());
        return html(
          page(
            `${snooze.city} is snoozed`,
            `<p>No deal alerts about ${escapeHtml(snooze.city)} until ${escapeHtml(until)}. Change this any time in <a href="${escapeHtml(`${deps.config.appUrl}/dashboard#alerts`)}">your alert settings</a>.</p>`,
          ),
        );
      },
      { query: SnoozeQuery, body: SnoozeForm },
    );
}
