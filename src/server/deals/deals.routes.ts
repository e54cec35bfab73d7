import { Elysia, t } from "elysia";
import type { Deps } from "../deps.ts";
import { authentication } from "../auth/auth-plugin.ts";
import { DealListCache } from "./deal-list-cache.ts";
import { dealPriceHistory, flightDealsBody, markDealViewed, removeDealFromList, requireDealAccess } from "./deals.service.ts";

/** Any text: a malformed id answers 404 like an unknown one, not 400. */
const DealParams = t.Object({ id: t.String() });

export function dealsRoutes(deps: Deps) {
  const lists = new DealListCache();
  return new Elysia()
    .use(authentication(deps))
    .get(
      "/api/flight-deals",
      ({ auth }) =>
        new Response(flightDealsBody(deps, lists, requireDealAccess(deps, auth)), {
          headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
        }),
    )
    .post(
      "/api/flight-deals/:id/click",
      ({ auth, params }) => {
        markDealViewed(deps, requireDealAccess(deps, auth), params.id);
        return { success: true as const };
      },
      { params: DealParams },
    )
    .delete(
      "/api/flight-deals/:id",
      ({ auth, params }) => {
        removeDealFromList(deps, requireDealAccess(deps, auth), params.id);
        return { success: true as const };
      },
      { params: DealParams },
    )
    .get("/api/flight-deals/:id/history", ({ auth, params }) => dealPriceHistory(deps, requireDealAccess(deps, auth), params.id), {
      params: DealParams,
    });
}
