import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import type { AlertsOverview } from "../../../../domain/api/alerts.ts";
import type { FlightDeal } from "../../../../domain/api/deals.ts";
import type { CurrentUser } from "../../../../domain/api/users.ts";
import {
  filterBannerText,
  filterByRegion,
  filterDeals,
  isFilterActive,
  sortDeals,
  validateDateRange,
  type DealFilter,
  type DealRegion,
  type SortKey,
} from "../../../../domain/deal-filter.ts";
import { DESTINATION_COUNTS, isInternational } from "../../../../domain/destinations.ts";
import { api } from "../../../api.ts";
import { AlertsCard } from "../alerts/alerts-card.tsx";
import { useToast } from "../../../components/toast.tsx";
import { DealDetailsDialog } from "./deal-details-dialog.tsx";
import { DealsCard, type ListStatus } from "./deals-card.tsx";
import type { SortState } from "./deals-table.tsx";
import { DestinationsDialog } from "./destinations-dialog.tsx";
import { DEFAULT_PAGE_SIZE, visibleDeals, type PageSize } from "./page-size-controls.tsx";
import { destinationCode, EMPTY_DRAFT, SearchCard, type DateErrors, type SearchDraft } from "./search-card.tsx";
import { useFlightDeals, type DealsState } from "./use-flight-deals.ts";
import { useToday } from "./use-today.ts";
import { useShareFromEmail } from "../trips/share-from-email.ts";
import { Button } from "../../../components/button.tsx";

const NO_DATE_ERRORS: DateErrors = { begin: null, end: null };

/** A search or sort remembers the moment it was made: travel-date text without a year is read against it. */
interface Applied {
  filter: DealFilter;
  at: Date;
}

interface Props {
  user: CurrentUser;
  initial: DealsState;
  /** The alert settings the loader read; null when they could not be read (the card is then left out). */
  alerts: AlertsOverview | null;
  /** Cards shown between the page's title strip and the search (password set-up, subscription). */
  notices: ReactNode;
}

/**
 * The subscriber's deals: the title strip with 'Nonstop Destinations', the search card and 'My Flight
 * Deals', with the details dialog. Owns the search, region, sort, page size and selection.
 */
export function DealsWorkspace({ user, initial, alerts: initialAlerts, notices }: Props) {
  const toast = useToast();
  const today = useToday();
  const list = useFlightDeals(initial);
  const deals = list.deals;

  const [draft, setDraft] = useState<SearchDraft>(EMPTY_DRAFT);
  const [dateErrors, setDateErrors] = useState<DateErrors>(NO_DATE_ERRORS);
  const [applied, setApplied] = useState<Applied | null>(null);
  const [region, setRegion] = useState<DealRegion>("all");
  const [sort, setSort] = useState<(SortState & { at: Date }) | null>(null);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [details, setDetails] = useState<FlightDeal | null>(null);
  const [destinationsOpen, setDestinationsOpen] = useState(false);
  const [openCardId, setOpenCardId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [deletingSelected, setDeletingSelected] = useState(false);
  const [alerts, setAlerts] = useState(initialAlerts);
  // The loader ran again (e.g. a device removed from the profile): take its fresh settings.
  useEffect(() => setAlerts(initialAlerts), [initialAlerts]);
  const [fitsOnly, setFitsOnly] = useState(false);

  const all = useMemo(() => deals ?? [], [deals]);
  const searched = useMemo(() => {
    const fitting = fitsOnly ? all.filter((deal) => deal.fitsWindow !== null) : all;
    return applied ? filterDeals(fitting, applied.filter, applied.at) : fitting;
  }, [all, applied, fitsOnly]);
  const regionCounts = useMemo(() => {
    const international = searched.filter((deal) => isInternational(deal.destination)).length;
    return { all: searched.length, domestic: searched.length - international, international };
  }, [searched]);
  const inRegion = useMemo(() => filterByRegion(searched, region, isInternational), [searched, region]);
  const sorted = useMemo(() => (sort ? sortDeals(inRegion, sort.key, sort.direction, sort.at) : inRegion), [inRegion, sort]);
  const shown = visibleDeals(sorted, pageSize);
  const liveIds = useMemo(() => new Set(all.map((deal) => deal.id)), [all]);
  const selection = useMemo(() => new Set([...selected].filter((id) => liveIds.has(id))), [selected, liveIds]);
  const newCount = all.filter((deal) => deal.isNewForUser && deal.isActive).length;
  const detailsDeal = details ? (all.find((deal) => deal.id === details.id) ?? details) : null;

  // --- Search (docs/product-rules.md §2, §5)

  const changeDraft = (change: Partial<SearchDraft>, edited?: "begin" | "end") => {
    const next = { ...draft, ...change };
    setDraft(next);
    if (edited || "anyDates" in change) {
      const message = validateDateRange(next.begin, next.end, new Date(), edited ?? "begin");
      setDateErrors(message === null ? NO_DATE_ERRORS : edited === "end" ? { begin: null, end: message } : { begin: message, end: null });
    }
  };

  const search = (from: SearchDraft) => {
    const now = new Date();
    if (!from.anyDates) {
      const message = validateDateRange(from.begin, from.end, now);
      if (message !== null) {
        setDateErrors({ begin: message, end: null });
        return;
      }
    }
    const code = destinationCode(from.destination);
    const filter: DealFilter = { destination: code, begin: from.begin, end: from.end, anyDates: from.anyDates, nonstopOnly: from.nonstopOnly };
    setDraft({ ...from, destination: code });
    setDateErrors(NO_DATE_ERRORS);
    setApplied(isFilterActive(filter) ? { filter, at: now } : null);
    setPageSize(DEFAULT_PAGE_SIZE);
    const count = filterDeals(all, filter, now).length;
    toast({ title: "Search Results", description: `Found ${count} flight deal(s) matching your criteria.` });
  };

  const clearFilter = () => {
    setDraft(EMPTY_DRAFT);
    setDateErrors(NO_DATE_ERRORS);
    setApplied(null);
    toast({ title: "Filter Cleared", description: "Showing all your flight deals." });
  };

  const chooseDestination = (code: string) => {
    setDestinationsOpen(false);
    search({ ...draft, destination: code });
  };

  // --- The list

  const changeSort = (key: SortKey) =>
    setSort((current) => ({ key, direction: current?.key === key && current.direction === "asc" ? "desc" : "asc", at: new Date() }));

  const select = useCallback((ids: number[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const { refresh, update } = list;

  /** After a change to the windows or settings: the page's data again (the card, the profile's devices, the list's badges). */
  const { revalidate } = useRevalidator();
  const reloadAlerts = useCallback(async () => {
    await revalidate();
  }, [revalidate]);

  const loadWindow = (id: number) => {
    const window = alerts?.windows.find((w) => w.id === id);
    if (!window) return;
    const [begin, end] = [window.startDate, window.endDate].map((iso) => {
      const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
      return new Date(y, m - 1, d);
    });
    // A window that already began is searched from today: Begin cannot be in the past.
    const from = begin && today && begin < today ? today : (begin ?? null);
    changeDraft({ begin: from, end: end ?? null, anyDates: false }, "begin");
  };

  /** docs/product-rules.md §4: opening a deal records the click; the deal is then no longer new. A failure is only logged. */
  const view = useCallback(
    (deal: FlightDeal) => {
      setOpenCardId(null);
      setDetails(deal);
      if (deal.isNewForUser) update((current) => current.map((d) => (d.id === deal.id ? { ...d, isNewForUser: false } : d)));
      api
        .clickDeal(deal.id)
        .then(() => refresh())
        .catch((error: unknown) => console.warn("Failed to record the deal click", error));
    },
    [refresh, update],
  );
  useShareFromEmail(deals, view);

  // A push (or any link) to /dashboard?deal=<id> opens that deal's details once, then the address is tidied.
  const [params, setParams] = useSearchParams();
  const linkedDeal = params.get("deal");
  const openedLink = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedDeal || deals === null || openedLink.current === linkedDeal) return;
    openedLink.current = linkedDeal;
    const deal = deals.find((d) => String(d.id) === linkedDeal);
    setParams(
      (current) => {
        current.delete("deal");
        return current;
      },
      { replace: true },
    );
    if (deal) view(deal);
  }, [linkedDeal, deals]);

  /** No alerts about the deal's destination for 30 days; its deals stay in the list. */
  const snooze = async (deal: FlightDeal) => {
    try {
      const snoozed = await api.snooze(deal.destination);
      toast({ title: "Destination Snoozed", description: `No alerts about ${snoozed.city} for 30 days. Its deals stay in your list.` });
      setDetails(null);
      await reloadAlerts();
    } catch {
      toast({ title: "Not Snoozed", description: "Failed to snooze the destination. Please try again.", variant: "destructive" });
    }
  };

  const deleteOne = async (deal: FlightDeal) => {
    if (deletingId !== null) return;
    setDeletingId(deal.id);
    try {
      await api.deleteDeal(deal.id);
      setOpenCardId(null);
      update((current) => current.filter((d) => d.id !== deal.id));
      toast({ title: "Deal Deleted", description: `${deal.airline} to ${deal.destinationCity || deal.destination} was removed from your list.` });
      void refresh();
    } catch {
      toast({ title: "Delete Failed", description: "Failed to delete the deal. Please try again.", variant: "destructive" });
    } finally {
      setDeletingId(null);
    }
  };

  /** docs/product-rules.md §5: nothing happens without a selection; otherwise one DELETE per selected deal. */
  const deleteSelected = async () => {
    const ids = sorted.filter((deal) => selection.has(deal.id)).map((deal) => deal.id);
    if (ids.length === 0 || deletingSelected) return;
    setDeletingSelected(true);
    try {
      const results = await Promise.allSettled(ids.map((id) => api.deleteDeal(id)));
      const deleted = new Set(ids.filter((_, index) => results[index]!.status === "fulfilled"));
      update((current) => current.filter((d) => !deleted.has(d.id)));
      setSelected((current) => new Set([...current].filter((id) => !deleted.has(id))));
      if (deleted.size < ids.length) {
        toast({ title: "Delete Failed", description: "Failed to delete selected deals. Please try again.", variant: "destructive" });
      } else {
        toast({ title: "Deals Deleted", description: `${ids.length} ${ids.length === 1 ? "deal was" : "deals were"} removed from your list.` });
      }
      void refresh();
    } finally {
      setDeletingSelected(false);
    }
  };

  const status: ListStatus = deals !== null ? "ready" : list.loading ? "loading" : (list.error ?? "loading");

  return (
    <>
      <section className="deals-hero" aria-labelledby="deals-hero-title">
        <div>
          <h2 id="deals-hero-title">Flight deals from RDU</h2>
          <p className="deals-hero-summary" aria-live="polite">
            {deals === null
              ? "Watching fares from Raleigh-Durham around the clock."
              : list.firstScanRunning && all.length === 0
                ? "Checking fares from Raleigh-Durham for the first time…"
                : `${all.length} ${all.length === 1 ? "deal" : "deals"} in your list · ${newCount} new · refreshed automatically`}
          </p>
        </div>
        <Button type="button" className="nonstop-button" onClick={() => setDestinationsOpen(true)}>
          <PlaneGlyph />
          <span>
            Nonstop Destinations
            <small>{DESTINATION_COUNTS.total} cities, no connections</small>
          </span>
        </Button>
      </section>

      {notices}

      <SearchCard
        emailAlerts={user.preferences.emailAlerts}
        draft={draft}
        onDraftChange={changeDraft}
        today={today}
        dateErrors={dateErrors}
        filterActive={applied !== null}
        onSearch={() => search(draft)}
        onClear={clearFilter}
        windows={alerts?.windows ?? []}
        onLoadWindow={loadWindow}
      />

      <DealsCard
        status={status}
        firstScanRunning={list.firstScanRunning}
        refreshFailed={list.error === "failed"}
        onRetry={() => void refresh()}
        total={all.length}
        region={region}
        regionCounts={regionCounts}
        onRegionChange={setRegion}
        bannerText={applied ? filterBannerText(searched.length, applied.filter) : null}
        fitsOnly={fitsOnly}
        onFitsOnlyChange={alerts && alerts.windows.length > 0 ? setFitsOnly : undefined}
        deals={sorted}
        shown={shown}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        sort={sort}
        onSort={changeSort}
        selected={selection}
        onSelect={select}
        onDeleteSelected={() => void deleteSelected()}
        deletingSelected={deletingSelected}
        openCardId={openCardId}
        onOpenCardChange={setOpenCardId}
        onView={view}
        onDelete={(deal) => void deleteOne(deal)}
        deletingId={deletingId}
      />

      {alerts && <AlertsCard overview={alerts} onChange={reloadAlerts} />}

      <DestinationsDialog open={destinationsOpen} onClose={() => setDestinationsOpen(false)} onChoose={chooseDestination} />
      <DealDetailsDialog deal={detailsDeal} onClose={() => setDetails(null)} onSnooze={alerts ? (deal) => void snooze(deal) : undefined} />
    </>
  );
}

function PlaneGlyph() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d="M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z" fill="currentColor" />
    </svg>
  );
}
