import type { FlightDeal } from "../../../../domain/api/deals.ts";
import type { DealRegion, SortKey } from "../../../../domain/deal-filter.ts";
import { DealCard } from "./deal-card.tsx";
import { DealsTable, type SortState } from "./deals-table.tsx";
import { PageSizeControls, type PageSize } from "./page-size-controls.tsx";
import { RegionToggle } from "./region-toggle.tsx";
import { Button } from "../../../components/button.tsx";
import { useHydrated } from "../../../components/use-hydrated.ts";

export type ListStatus = "loading" | "failed" | "no-access" | "ready";

interface Props {
  status: ListStatus;
  /** The list is empty because a fresh install's first fare scan is still running. */
  firstScanRunning: boolean;
  /** A refetch failed while an older list is still shown. */
  refreshFailed: boolean;
  onRetry: () => void;
  /** Every deal the subscriber has, before the search and the region. */
  total: number;
  region: DealRegion;
  regionCounts: Record<DealRegion, number>;
  onRegionChange: (region: DealRegion) => void;
  bannerText: string | null;
  /** Only deals that fit a travel window; the switch shows only when the subscriber has windows. */
  fitsOnly: boolean;
  onFitsOnlyChange?: (on: boolean) => void;
  /** After the search, the region and the sort: what the page-size controls count. */
  deals: FlightDeal[];
  /** The first page of those. */
  shown: FlightDeal[];
  pageSize: PageSize;
  onPageSizeChange: (size: PageSize) => void;
  sort: SortState | null;
  onSort: (key: SortKey) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  onDeleteSelected: () => void;
  deletingSelected: boolean;
  openCardId: number | null;
  onOpenCardChange: (id: number | null) => void;
  onView: (deal: FlightDeal) => void;
  onDelete: (deal: FlightDeal) => void;
  deletingId: number | null;
}

/** docs/product-rules.md §2 'My Flight Deals'. */
export function DealsCard(props: Props) {
  const { status, total, deals, shown, selected } = props;
  const selectedCount = deals.filter((deal) => selected.has(deal.id)).length;
  const hydrated = useHydrated();

  return (
    <article className="deals-card" aria-labelledby="deals-title">
      <header className="card-header">
        <div>
          <h2 id="deals-title">My Flight Deals</h2>
          <p className="card-subtitle">Fares from RDU well below what the route usually costs. Click a deal for details and booking.</p>
        </div>
        <div className="deals-card-controls">
          <RegionToggle region={props.region} counts={props.regionCounts} onChange={props.onRegionChange} />
          {props.onFitsOnlyChange && (
            <label className="switch-label">
              <input
                type="checkbox"
                role="switch"
                disabled={!hydrated}
                checked={props.fitsOnly}
                onChange={(event) => props.onFitsOnlyChange?.(event.target.checked)}
              />
              Fits my windows
            </label>
          )}
        </div>
      </header>

      {props.bannerText && (
        <p className="filter-banner" role="status" data-testid="filter-banner">
          <FilterIcon /> {props.bannerText}
        </p>
      )}
      {props.refreshFailed && status === "ready" && (
        <p className="refresh-failed" role="alert">
          Failed to fetch flight deals. The list below may be out of date.{" "}
          <Button type="button" className="link-button" onClick={props.onRetry}>
            Try again
          </Button>
        </p>
      )}

      {status === "loading" && (
        <p className="deals-state" aria-busy="true">
          Loading flight deals...
        </p>
      )}
      {status === "failed" && (
        <div className="deals-state" role="alert">
          <p>Failed to fetch flight deals.</p>
          <Button type="button" className="secondary outline" onClick={props.onRetry}>
            Try again
          </Button>
        </div>
      )}
      {status === "no-access" && (
        <div className="deals-state" role="alert">
          <p>Flight deals are for members with an active subscription. Reload the page to see where your subscription stands.</p>
        </div>
      )}
      {status === "ready" && total === 0 && props.firstScanRunning && (
        <div className="deals-empty" role="status">
          <PlaneIcon />
          <p className="deals-empty-title" aria-busy="true">
            Looking for your first deals
          </p>
          <p className="muted">GoRDU is checking fares from RDU for the first time. Deals appear here as soon as that ends, usually within a minute.</p>
        </div>
      )}
      {status === "ready" && total === 0 && !props.firstScanRunning && (
        <div className="deals-empty">
          <PlaneIcon />
          <p className="deals-empty-title">No new flight deals available</p>
          <p className="muted">New deals from RDU will appear here when found</p>
        </div>
      )}
      {status === "ready" && total > 0 && deals.length === 0 && (
        <div className="deals-empty">
          <p className="deals-empty-title">No deals match</p>
          <p className="muted">Try another destination, other dates or another region, or clear the filter.</p>
        </div>
      )}

      {status === "ready" && deals.length > 0 && (
        <>
          <div className="deals-toolbar">
            <span className="muted" aria-live="polite">
              {selectedCount > 0 ? `${selectedCount} selected` : "Select deals to remove them from your list"}
            </span>
            <Button
              type="button"
              className="secondary outline danger-outline"
              disabled={selectedCount === 0 || props.deletingSelected}
              aria-busy={props.deletingSelected}
              onClick={props.onDeleteSelected}
            >
              Delete selected
            </Button>
          </div>
          <div className="deals-desktop">
            <DealsTable deals={shown} sort={props.sort} onSort={props.onSort} selected={selected} onSelect={props.onSelect} onOpen={props.onView} />
          </div>
          <ul className="deals-phone" aria-label="Flight deals">
            {shown.map((deal) => (
              <DealCard
                key={deal.id}
                deal={deal}
                open={props.openCardId === deal.id}
                onOpenChange={(open) => props.onOpenCardChange(open ? deal.id : null)}
                onView={props.onView}
                onDelete={props.onDelete}
                deleting={props.deletingId === deal.id}
              />
            ))}
          </ul>
          <p className="deals-phone-hint muted">Swipe a deal left to delete it.</p>
          <PageSizeControls total={deals.length} size={props.pageSize} onChange={props.onPageSizeChange} />
        </>
      )}
    </article>
  );
}

function FilterIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M3 5h18l-7 8v6l-4 2v-8z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

export function PlaneIcon() {
  return (
    <svg className="icon deals-empty-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
      <path d="M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z" fill="currentColor" />
    </svg>
  );
}
