/**
 * Travelpayouts and SerpApi together (docs/deal-rules.md "Sources"): Travelpayouts' free cached prices find the cheap
 * dates, re-check live deals and make the typical ranges; a candidate deal is confirmed by one fresh SerpApi
 * search out of this scan's share of the plan (docs/deal-rules.md, rule 4). When SerpApi cannot search (quota used up, the
 * scan's share spent, a failing account check) the scan falls back to the cached price, which stays marked
 * cached and so never becomes a new deal or an alert (judge-quotes.ts). Discovery (Travel Explore) is SerpApi's.
 */
import type { FareSource, SearchRequest, SearchResult } from "./fare-source.ts";
import { QUOTA_USED_UP, type SerpApiFareSource } from "./serpapi.ts";
import { messageOf } from "../../../domain/error-text.ts";

export function createCachedWithFreshConfirmation(cached: FareSource, fresh: SerpApiFareSource): FareSource {
  return {
    name: `${cached.name}+${fresh.name}`,
    // Ranges from the source that sees every route each scan; fresh prices exist only for candidates.
    historySource: cached.name,

    async search(request: SearchRequest): Promise<SearchResult> {
      const result = await cached.search(request);
      const unconfirmed = (why: string) => `${cached.name} prices stay cached and unconfirmed: ${why}`;
      try {
        const allowance = await fresh.allowance(request.now);
        if (allowance.left === 0) result.errors.push(unconfirmed(QUOTA_USED_UP));
        // As the scan began: the confirmations come after this answer.
        return { ...result, quotaLeft: allowance.left };
      } catch (error) {
        result.errors.push(unconfirmed(messageOf(error)));
        return result;
      }
    },

    confirm: (quote, now) => fresh.confirm(quote, now),
    discover: (request) => fresh.discover(request),
  };
}
