import type { FlightDeal } from "../../../../domain/api/deals.ts";
import { markerPosition, typicalPriceOf } from "../../../../domain/deals.ts";
import { money } from "./format.ts";
import { Tooltip } from "../../../components/tooltip.tsx";

/**
 * docs/product-rules.md §2 table column: a bar from the typical low (priceRange1) to the typical high (priceRange2) with a
 * marker where the starting price sits, clamped 4–96 % so it stays on the bar.
 */
export function PriceRangeBar({ deal }: { deal: FlightDeal }) {
  const position = markerPosition(deal);
  const summary = `${money(deal.startingPrice)} against a typical ${money(deal.priceRange1)} to ${money(deal.priceRange2)}`;
  return (
    <Tooltip content={summary}>
      <span className="range-bar" role="img" aria-label={summary}>
        <span className="range-bar-track">
          <span className="range-bar-marker" style={{ left: `${position}%` }} data-position={position} />
        </span>
        <span className="range-bar-labels" aria-hidden="true">
          <span>{money(deal.priceRange1)}</span>
          <span>{money(deal.priceRange2)}</span>
        </span>
      </span>
    </Tooltip>
  );
}

/**
 * The details dialog's comparison: the typical range as a band on a scale wide enough to show where this
 * deal's price falls against it (deals sit below the typical low, which the table's bar can only show as
 * its left end).
 */
export function PriceComparison({ deal }: { deal: FlightDeal }) {
  const price = Number(deal.startingPrice);
  const low = Number(deal.priceRange1);
  const high = Number(deal.priceRange2);
  const typical = typicalPriceOf(deal) ?? Math.round((low + high) / 2);
  const min = Math.min(price, low);
  const max = Math.max(price, high);
  const pad = Math.max((max - min) * 0.12, 10);
  const start = Math.max(0, min - pad);
  const span = max + pad - start;
  const at = (value: number) => `${(((value - start) / span) * 100).toFixed(2)}%`;
  const width = (from: number, to: number) => `${(((to - from) / span) * 100).toFixed(2)}%`;
  return (
    <figure className="price-compare">
      <div className="price-compare-labels" aria-hidden="true">
        <span className="price-compare-tag typical" style={{ left: at(typical) }}>
          Typical {money(typical)}
        </span>
      </div>
      <div
        className="price-compare-scale"
        role="img"
        aria-label={`This deal costs ${money(price)}; the typical price is ${money(typical)}, usually between ${money(low)} and ${money(high)}.`}
      >
        <span className="price-compare-band" style={{ left: at(low), width: width(low, high) }} />
        <span className="price-compare-typical" style={{ left: at(typical) }} />
        <span className="price-compare-deal" style={{ left: at(price) }} />
      </div>
      <div className="price-compare-labels" aria-hidden="true">
        <span className="price-compare-tag deal" style={{ left: at(price) }}>
          This deal {money(price)}
        </span>
      </div>
      <figcaption className="muted">
        Typical range for this route and month: {money(low)}–{money(high)}
      </figcaption>
    </figure>
  );
}
