import { Elysia, t } from "elysia";
import type { Deps } from "../deps.ts";
import { confirmUnsubscribePage, invalidUnsubscribeLinkPage, unsubscribedPage } from "./unsubscribe-page.ts";
import { findUserByUnsubscribeToken, turnOffDealAlerts, UNSUBSCRIBE_PATH, unsubscribeUrl } from "./unsubscribe.service.ts";

const html = (body: string, status = 200) =>
  new Response(body, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "referrer-policy": "no-referrer" },
  });

const TokenQuery = t.Object({ token: t.Optional(t.String({ maxLength: 200 })) });

/**
 * GET shows a confirmation (a link scanner's visit changes nothing); POST turns alerts off. Mail providers
 * send the RFC 8058 one-click POST ("List-Unsubscribe=One-Click") from their servers, without our Origin:
 * the path is exempt from the CSRF check because the token in the URL is what authenticates it. The form
 * body is never read (app.ts mounts these routes ahead of the JSON body parser).
 */
export function unsubscribeRoutes(deps: Deps) {
  return new Elysia()
    .get(
      UNSUBSCRIBE_PATH,
      ({ query }) => {
        const user = findUserByUnsubscribeToken(deps, query.token);
        if (!user) return html(invalidUnsubscribeLinkPage(), 404);
        if (!user.emailAlerts) return html(unsubscribedPage(user.email, `${deps.config.appUrl}/dashboard`));
        return html(confirmUnsubscribePage(user.email, unsubscribeUrl(deps.config.appUrl, user.unsubscribeToken)));
      },
      { query: TokenQuery },
    )
    .post(
      UNSUBSCRIBE_PATH,
      ({ query }) => {
        const user = findUserByUnsubscribeToken(deps, query.token);
        if (!user) return html(invalidUnsubscribeLinkPage(), 404);
        turnOffDealAlerts(deps, user);
        return html(unsubscribedPage(user.email, `${deps.config.appUrl}/dashboard`));
      },
      { query: TokenQuery },
    );
}
