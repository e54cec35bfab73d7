// src/server/: the one Bun process: main.ts (side effects), app.ts (routes), jobs.ts (background work), config, deps, clock, audit log.
// Feature folders import http/, auth/, mail/ and src/domain below them, never a folder above (biome.json).
import { type AnyElysia, Elysia } from "elysia";
import { accountRoutes } from "./account/account.routes.ts";
import { adminRoutes } from "./admin/admin.routes.ts";
import { createAuthLimits } from "./auth/auth-limits.ts";
import { sharePageSession } from "./auth/auth-plugin.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { sessionTokenOf } from "./auth/cookies.ts";
import { isLiveSessionToken } from "./auth/sessions.ts";
import { billingRoutes } from "./billing/billing.routes.ts";
import { STRIPE_WEBHOOK_PATH } from "./billing/stripe-webhook.routes.ts";
import { contactRoutes } from "./contact/contact.routes.ts";
import { alertsRoutes } from "./alerts/alerts.routes.ts";
import { isRecentDealsPagePath, RecentDealsVersion } from "./deals/recent-deals.ts";
import { dealRuleExampleRoutes, dealsRoutes, recentDealsRoutes } from "./deals/deals.routes.ts";
import { UNSUBSCRIBE_PATH } from "./alerts/unsubscribe.service.ts";
import { unsubscribeRoutes } from "./alerts/unsubscribe.routes.ts";
import { snoozeRoutes } from "./alerts/snooze.routes.ts";
import { SNOOZE_PATH } from "./alerts/snooze.service.ts";
import type { Deps } from "./deps.ts";
import { bodyParsing } from "./http/body-parsing.ts";
import { clientIp } from "./http/client-ip.ts";
import { csrfProtection } from "./http/csrf.ts";
import { errorHandling, notFound } from "./http/errors.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { healthRoutes } from "./health.routes.ts";
import { publicConfigRoutes } from "./public-config.routes.ts";
import { serveStaticFile } from "./ssr/assets.ts";
import { createPageRenderer } from "./ssr/render.tsx";
import { SharedDealVersions, shareIdOfPagePath } from "./trips/deal-shares.ts";
import { tripsRoutes } from "./trips/trips.routes.ts";

export interface AppOptions {
  /** Routes mounted before the pages' catch-all; the product has none (the browser tests' server adds its test seam). */
  extraRoutes?: (deps: Deps) => AnyElysia;
}

/** The whole product as one Elysia app. Reads no environment and starts no timers: main.ts does that. */
export function createApp(deps: Deps, options: AppOptions = {}) {
  const authLimits = createAuthLimits();
  const app = new Elysia({ normalize: false })
    .use(errorHandling)
    .use(securityHeaders(deps.config))
    .use(csrfProtection(deps.config.appOrigin, [STRIPE_WEBHOOK_PATH, UNSUBSCRIBE_PATH, SNOOZE_PATH]))
    // Before bodyParsing: mail providers' one-click POST is form-encoded, which the JSON-only parser refuses.
    .use(unsubscribeRoutes(deps))
    .use(snoozeRoutes(deps))
    .use(bodyParsing)
    .use(publicConfigRoutes(deps))
    .use(authRoutes(deps, authLimits))
    .use(accountRoutes(deps, authLimits))
    .use(contactRoutes(deps))
    .use(billingRoutes(deps))
    .use(adminRoutes(deps))
    .use(healthRoutes(deps))
    .use(dealRuleExampleRoutes(deps))
    .use(recentDealsRoutes(deps))
    .use(dealsRoutes(deps))
    .use(tripsRoutes(deps))
    .use(alertsRoutes(deps))
    .use(options.extraRoutes ? options.extraRoutes(deps) : new Elysia())
    .get("/api/*", () => {
      throw notFound();
    })
    .all("/api/*", () => {
      throw notFound();
    });

  for (const [path, file] of deps.assets.files) {
    app.get(path, ({ request }) => serveStaticFile(file, request));
  }

  // A shared deal's page is the same for every visitor: kept per deal version, and never once the link is revoked. The
  // landing page and the recent deals are kept per version of the deals visitors may see (decision 134).
  const sharedDeals = new SharedDealVersions(deps);
  const recentDeals = new RecentDealsVersion(deps);
  const pages = createPageRenderer({
    config: deps.config,
    assets: deps.assets,
    handleApi: (request, page) => app.handle(sharePageSession(deps, page, request)),
    isSignedIn: (request) => isLiveSessionToken(deps.db, sessionTokenOf(request), deps.clock.now()),
    now: () => deps.clock.now(),
    pageVersion: (url) => {
      if (isRecentDealsPagePath(url.pathname)) return recentDeals.get();
      const id = shareIdOfPagePath(url.pathname);
      return id ? sharedDeals.get(id) : null;
    },
  });
  return (
    app
      // A kept page (the landing page or a shared deal's, for a visitor) answers before routing, like a static file.
      // onRequest hooks run in the order they were added, so the security headers, CSRF and body checks come first.
      .onRequest(({ request }) => (request.method === "GET" ? pages.keptPage(request) : undefined))
      .get("/*", ({ request, server }) => pages.renderPage(request, clientIp(request, server, deps.config.trustProxy)))
      .all("/*", () => {
        throw notFound();
      })
  );
}
