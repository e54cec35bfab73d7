import { useEffect, useId, useRef } from "react";
import type { FlightDeal } from "../../../../domain/api/deals.ts";
import type { SortDirection, SortKey } from "../../../../domain/deal-filter.ts";
import { detectNonstop } from "../../../../domain/deals.ts";
import { cityOf, dealName, dealStatus, money, travelDateLines } from "./format.ts";
import { PriceRangeBar } from "./price-range-bar.tsx";
import { Tooltip } from "../../../components/tooltip.tsx";
import { Button } from "../../../components/button.tsx";

export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

interface Props {
  deals: FlightDeal[];
  sort: SortState | null;
  onSort: (key: SortKey) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  onOpen: (deal: FlightDeal) => void;
}

const COLUMNS: { label: string; sortKey?: SortKey; className?: string; hint?: string }[] = [
  { label: "Status", sortKey: "status" },
  { label: "Airline", sortKey: "airline" },
  { label: "Dest", sortKey: "destination" },
  { label: "Dates", sortKey: "dates" },
  { label: "Price", sortKey: "price", className: "col-price" },
  { label: "Trip Type", sortKey: "tripType" },
  { label: "Seat Class" },
  { label: "Duration" },
  { label: "Nonstop", sortKey: "nonstop", hint: "Sorts No before Yes; click again for nonstop flights first." },
  { label: "Price Range", className: "col-range" },
];

/** docs/product-rules.md §2 desktop table (≥ 768 px). A row opens the deal; its Airline button does the same from the keyboard. */
export function DealsTable({ deals, sort, onSort, selected, onSelect, onOpen }: Props) {
  const ids = deals.map((deal) => deal.id);
  const selectedShown = ids.filter((id) => selected.has(id)).length;
  const allBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = selectedShown > 0 && selectedShown < ids.length;
  }, [selectedShown, ids.length]);

  return (
    <div className="deals-table-scroll">
      <table className="deals-table">
        <thead>
          <tr>
            <th scope="col" className="col-select">
              <input
                ref={allBox}
                type="checkbox"
                aria-label="Select all deals shown"
                checked={ids.length > 0 && selectedShown === ids.length}
                onChange={(event) => onSelect(ids, event.target.checked)}
              />
            </th>
            {COLUMNS.map((column) => {
              const active = column.sortKey !== undefined && sort?.key === column.sortKey;
              return (
                <th
                  key={column.label}
                  scope="col"
                  className={column.className}
                  aria-sort={active ? (sort!.direction === "asc" ? "ascending" : "descending") : undefined}
                >
                  {column.sortKey ? (
                    <SortButton label={column.label} hint={column.hint} direction={active ? sort!.direction : null} onClick={() => onSort(column.sortKey!)} />
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {deals.map((deal) => (
            <DealRow key={deal.id} deal={deal} selected={selected.has(deal.id)} onSelect={onSelect} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DealRow({ deal, selected, onSelect, onOpen }: { deal: FlightDeal; selected: boolean; onSelect: Props["onSelect"]; onOpen: Props["onOpen"] }) {
  const status = dealStatus(deal);
  const nonstop = detectNonstop(deal);
  const name = dealName(deal);
  return (
    <tr className={`deal-row is-${status}${selected ? " is-selected" : ""}`} data-deal-id={deal.id} onClick={() => onOpen(deal)}>
      <td className="col-select" onClick={(event) => event.stopPropagation()}>
        <input type="checkbox" aria-label={`Select ${name}`} checked={selected} onChange={(event) => onSelect([deal.id], event.target.checked)} />
      </td>
      <td>
        <StatusBadge status={status} />
      </td>
      <td>
        <Button
          type="button"
          className="row-open"
          aria-label={`${deal.airline}: view details of ${name}`}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(deal);
          }}
        >
          {deal.airline}
        </Button>
      </td>
      <td>
        <Tooltip content={cityOf(deal)}>
          <span className="dest-code">{deal.destination}</span>
          <span className="visually-hidden">, {cityOf(deal)}</span>
        </Tooltip>
      </td>
      <td className="col-dates">
        {travelDateLines(deal.travelDates).map((line, index) => (
          <span key={index} className="date-line">
            {line}
          </span>
        ))}
        <FitsBadge deal={deal} />
      </td>
      <td className="col-price">
        <strong>{money(deal.startingPrice)}</strong>
        {deal.percentBelowTypical > 0 && <small className="price-off">−{deal.percentBelowTypical}%</small>}
      </td>
      <td>{deal.tripType}</td>
      <td>{deal.seatClass}</td>
      <td className="col-nowrap">{deal.duration || "—"}</td>
      <td>
        <NonstopMark answer={nonstop} />
      </td>
      <td className="col-range">
        <PriceRangeBar deal={deal} />
      </td>
    </tr>
  );
}

/** "Fits: Thanksgiving week" when the deal's dates fit one of the subscriber's travel windows. */
export function FitsBadge({ deal }: { deal: FlightDeal }) {
  if (!deal.fitsWindow) return null;
  return <span className="badge-fits">Fits: {deal.fitsWindow}</span>;
}

export function StatusBadge({ status }: { status: ReturnType<typeof dealStatus> }) {
  if (status === "new") return <span className="badge-new">NEW</span>;
  if (status === "ended") return <span className="status-ended">Ended</span>;
  return (
    <span className="status-none">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Viewed</span>
    </span>
  );
}

/** 'Yes' / 'No' (or, on the phone card, 'Nonstop' / 'Connecting'); a neutral dash when unknown (docs/product-rules.md §3). */
export function NonstopMark({ answer, long }: { answer: "Yes" | "No" | null; long?: boolean }) {
  if (answer === null) return <span className="nonstop-unknown">—</span>;
  const text = long ? (answer === "Yes" ? "Nonstop" : "Connecting") : answer;
  return <span className={`nonstop-mark nonstop-${answer.toLowerCase()}`}>{text}</span>;
}

/** A sortable column's header button; a hint, when the order needs saying, shows as a tooltip and is part of its description. */
function SortButton({ label, hint, direction, onClick }: { label: string; hint?: string; direction: SortDirection | null; onClick: () => void }) {
  const hintId = useId();
  const button = (
    <Button type="button" className="sort-button" onClick={onClick} aria-describedby={hint ? hintId : undefined}>
      {label}
      <SortArrow direction={direction} />
    </Button>
  );
  if (!hint) return button;
  return (
    <>
      <Tooltip content={hint}>{button}</Tooltip>
      <span id={hintId} hidden>
        {hint}
      </span>
    </>
  );
}

function SortArrow({ direction }: { direction: SortDirection | null }) {
  return (
    <span className={`sort-arrow${direction ? " is-active" : ""}`} aria-hidden="true">
      {direction === "desc" ? "▼" : "▲"}
    </span>
  );
}
