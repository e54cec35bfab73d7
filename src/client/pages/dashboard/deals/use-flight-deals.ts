import { useCallback, useEffect, useRef, useState } from "react";
import type { FlightDeal } from "../../../../domain/api/deals.ts";
import { api, ApiError } from "../../../api.ts";

/** docs/product-rules.md §9: the deal list is refetched every 30 s. */
export const DEALS_REFETCH_MS = 30_000;
/** While a fresh install's first scan runs, it is asked every 2 s whether it has ended, so its deals show at once. */
export const FIRST_SCAN_POLL_MS = 2_000;

export type DealsError = "failed" | "no-access";

export interface DealsState {
  deals: FlightDeal[] | null;
  error: DealsError | null;
  /** The list is empty because a fresh install's first fare scan is still running. */
  firstScanRunning: boolean;
}

export function dealsErrorOf(error: unknown): DealsError {
  return error instanceof ApiError && error.status === 403 ? "no-access" : "failed";
}

/**
 * The subscriber's deals: the list the loader rendered on the server, then api.flightDeals() every 30 s and
 * on demand (after a click or a delete). Only this list changes; the rest of the page is not reloaded. A
 * newer request always wins over an older one still in flight. While the tab is hidden the timer skips its
 * turn, and the list is fetched again as soon as the tab is visible.
 */
export function useFlightDeals(initial: DealsState) {
  const [state, setState] = useState<DealsState>(initial);
  const [fetching, setFetching] = useState(false);
  const latest = useRef(0);
  const inFlight = useRef(0);

  // The loader ran again (e.g. after a preference change): take its fresh list.
  useEffect(() => {
    latest.current++;
    setState(initial);
  }, [initial]);

  const refresh = useCallback(async () => {
    const request = ++latest.current;
    inFlight.current++;
    setFetching(true);
    try {
      const deals = await api.flightDeals();
      if (request === latest.current) setState((current) => ({ ...current, deals, error: null }));
    } catch (error) {
      if (request !== latest.current) return;
      const kind = dealsErrorOf(error);
      // A failed refetch keeps the list already shown; the page says the refresh failed.
      setState((current) => ({ ...current, deals: kind === "no-access" ? null : current.deals, error: kind }));
    } finally {
      inFlight.current--;
      setFetching(inFlight.current > 0);
    }
  }, []);

  useEffect(() => {
    if (initial.error === "no-access") return;
    if (initial.deals === null) void refresh();
    let missedTurn = false;
    const timer = setInterval(() => {
      if (document.visibilityState === "hidden") missedTurn = true;
      else void refresh();
    }, DEALS_REFETCH_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible" && missedTurn) {
        missedTurn = false;
        void refresh();
      }
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [initial, refresh]);

  // A fresh install's first scan: asked about every 2 s; the list is fetched as soon as it has ended.
  useEffect(() => {
    if (!state.firstScanRunning) return;
    const timer = setInterval(async () => {
      const status = await api.scanStatus().catch(() => null);
      if (status?.firstScanRunning !== false) return;
      clearInterval(timer);
      setState((current) => ({ ...current, firstScanRunning: false }));
      await refresh();
    }, FIRST_SCAN_POLL_MS);
    return () => clearInterval(timer);
  }, [state.firstScanRunning, refresh]);

  /** Changes the list shown at once (a deal viewed or deleted), ahead of the next fetch. */
  const update = useCallback((change: (deals: FlightDeal[]) => FlightDeal[]) => {
    latest.current++;
    setState((current) => (current.deals ? { ...current, deals: change(current.deals) } : current));
  }, []);

  /** Nothing to show yet while a fetch is under way: 'Loading flight deals...'. */
  const loading = state.deals === null && (state.error === null || (fetching && state.error === "failed"));
  return { ...state, loading, refresh, update };
}
