import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import type { FlightDeal } from "../../../../domain/api/deals.ts";

/**
 * The alert email's Share link lands on /dashboard?share=<deal id>: the deal's details open once, with its Share
 * button, and the address loses the parameter (without a navigation) so a reload does not open them again.
 */
export function useShareFromEmail(deals: readonly FlightDeal[] | null, openDetails: (deal: FlightDeal) => void) {
  const [params] = useSearchParams();
  const dealId = Number(params.get("share"));
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || !dealId || !deals) return;
    handled.current = true;
    const deal = deals.find((item) => item.id === dealId);
    if (deal) openDetails(deal);
    const url = new URL(window.location.href);
    url.searchParams.delete("share");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, [dealId, deals]);
}
