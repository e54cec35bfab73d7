import { Elysia, t } from "elysia";
import { OkResponse } from "../../domain/api/common.ts";
import { DealRuleExampleAnswer, FlightDealList, PriceHistory, RecentDealDetail, RecentDealList, ScanStatus } from "../../domain/api/deals.ts";
import type { Deps } from "../deps.ts";
import { authentication, requireDealAccess } from "../auth/auth-plugin.ts";
import { firstScanRunning } from "../fares/scanner.ts";
import { DealListCache } from "./deal-list-cache.ts";
import { dealPriceHistory, flightDealsBody, markDealViewed, removeDealFromList } from "./deals.service.ts";
import { dealRuleExample } from "./rule-example.ts";
import { RECENT_DEALS_LIMIT, recentDeal, recentDeals } from "./recent-deals.ts";
import { wholeNumberQuery } from "../http/query.ts";

/** Any text: a malformed id answers 404 like an unknown one, not 400. */
const DealParams = t.Object({ id: t.String() });

/** Every deal route: 401 signed out, 403 without a subscription that gives access, decided here once. */
export function dealsRoutes(deps: Deps) {
  const lists = new DealListCache();
  return new Elysia()
    .use(authentication(deps))
    .resolve(({ auth }) => ({ member: requireDealAccess(auth, deps.clock.now()) }))
    .get(
      "/api/flight-deals",
      ({ member }) =>
        new Response(flightDealsBody(deps, lists, member), {
          headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
        }),
      // Documents the answer; a Response is never checked at run time: the test checks this JSON against the model.
      { response: FlightDealList },
    )
    .get("/api/flight-deals/scan-status", () => ({ firstScanRunning: firstScanRunning(deps.db) }), { response: ScanStatus })
    .post(
      "/api/flight-deals/:id/click",
      ({ member, params }) => {
        markDealViewed(deps, member, params.id);
        return { success: true as const };
      },
      { params: DealParams, response: OkResponse },
    )
    .delete(
      "/api/flight-deals/:id",
      ({ member, params }) => {
        removeDealFromList(deps, member, params.id);
        return { success: true as const };
      },
      { params: DealParams, response: OkResponse },
    )
    .get("/api/flight-deals/:id/history", ({ member, params }) => dealPriceHistory(deps, member, params.id), {
      params: DealParams,
      response: PriceHistory,
    });
}

/** Public: the method page's example of the rule on one real deal (decision 109); no login. */
export function dealRuleExampleRoutes(deps: Deps) {
  return new Elysia().get("/api/deal-rule-example", () => ({ example: dealRuleExample(deps) }), { response: DealRuleExampleAnswer });
}

/** Public: the deals found in the last 30 days once visitors may see them (decision 134); no login, nothing about members. */
export function recentDealsRoutes(deps: Deps) {
  return new Elysia()
    .get("/api/recent-deals", ({ query }) => ({ deals: recentDeals(deps, query.limit ?? RECENT_DEALS_LIMIT), delayHours: deps.config.publicDealsDelayHours }), {
      query: t.Object({ limit: t.Optional(wholeNumberQuery(1, RECENT_DEALS_LIMIT)) }),
      response: RecentDealList,
    })
    .get("/api/recent-deals/:id", ({ params }) => recentDeal(deps, params.id), { params: DealParams, response: RecentDealDetail });
}
