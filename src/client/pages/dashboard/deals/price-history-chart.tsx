import { format, parseISO } from "date-fns";
import { useEffect, useRef, useState } from "react";
import type { FlightDeal, PricePoint } from "../../../../domain/api/deals.ts";
import { api } from "../../../api.ts";
import { money } from "./format.ts";
import { comparedWith } from "../../../../domain/deal-rules.ts";

type History = { state: "loading" } | { state: "failed" } | { state: "ready"; points: PricePoint[] };

/** Until the chart has measured its box; then it is drawn at its own width, so its labels keep their size on a phone. */
const DEFAULT_WIDTH = 560;
const HEIGHT = 170;
const PAD = { top: 12, right: 12, bottom: 24, left: 48 };

/** GET /api/flight-deals/:id/history for the open deal. */
function useHistory(dealId: number): History {
  const [history, setHistory] = useState<History>({ state: "loading" });
  useEffect(() => {
    let current = true;
    setHistory({ state: "loading" });
    api
      .dealHistory(dealId)
      .then((points) => current && setHistory({ state: "ready", points }))
      .catch(() => current && setHistory({ state: "failed" }));
    return () => {
      current = false;
    };
  }, [dealId]);
  return history;
}

/** The typical fare per day over the last 90 days for trips like this one (the series the decision used), against the typical range and this deal's price. */
export function PriceHistory({ deal }: { deal: FlightDeal }) {
  const history = useHistory(deal.id);
  return (
    <section className="price-history" aria-labelledby={`history-${deal.id}`}>
      <h3 id={`history-${deal.id}`}>Price history · last 90 days</h3>
      {history.state === "loading" && (
        <p className="muted" aria-busy="true">
          Loading price history…
        </p>
      )}
      {history.state === "failed" && <p className="muted">The price history could not be loaded right now.</p>}
      {history.state === "ready" &&
        (history.points.length < 2 ? (
          <p className="muted">Not enough price history for this route yet. We keep watching it every day.</p>
        ) : (
          <>
            <HistoryChart deal={deal} points={history.points} />
            <p className="history-legend" aria-hidden="true">
              <span className="legend-line">Typical fare each day for {deal.tripKind ? comparedWith(deal) : "this route in this month"}</span>
              <span className="legend-band">Typical range</span>
              <span className="legend-deal">This deal</span>
            </p>
          </>
        ))}
    </section>
  );
}

/**
 * The chart's width in CSS pixels, followed as the dialog resizes. A fixed viewBox scaled to a phone's width drew the
 * 11 px labels at 6–7 px; drawn at its real width, text is the size the stylesheet says.
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

function HistoryChart({ deal, points }: { deal: FlightDeal; points: PricePoint[] }) {
  const [box, width] = useWidth();
  const price = Number(deal.startingPrice);
  const low = Number(deal.priceRange1);
  const high = Number(deal.priceRange2);
  const prices = points.map((p) => p.price);
  const cheapest = Math.min(...prices);
  const dearest = Math.max(...prices);
  const minY = Math.min(cheapest, price, low);
  const maxY = Math.max(dearest, high);
  const padY = Math.max((maxY - minY) * 0.1, 5);
  const yFrom = Math.max(0, minY - padY);
  const yTo = maxY + padY;

  const times = points.map((p) => parseISO(p.date).getTime());
  const tFrom = times[0]!;
  const tTo = Math.max(times.at(-1)!, tFrom + 1);
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (t: number) => PAD.left + ((t - tFrom) / (tTo - tFrom)) * plotW;
  const y = (value: number) => PAD.top + (1 - (value - yFrom) / (yTo - yFrom)) * plotH;

  const line = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(times[i]!).toFixed(1)},${y(p.price).toFixed(1)}`).join(" ");
  const area = `${line} L${x(tTo).toFixed(1)},${(PAD.top + plotH).toFixed(1)} L${x(tFrom).toFixed(1)},${(PAD.top + plotH).toFixed(1)} Z`;
  const ticks = [yFrom + (yTo - yFrom) * 0.15, (yFrom + yTo) / 2, yTo - (yTo - yFrom) * 0.15].map((v) => Math.round(v));
  const first = format(new Date(tFrom), "MMM d");
  const last = format(new Date(tTo), "MMM d");
  const label = `Price history for RDU to ${deal.destination} from ${first} to ${last}: lowest ${money(cheapest)}, highest ${money(dearest)}; this deal is ${money(price)}.`;

  return (
    <div ref={box}>
      <svg className="history-chart" viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="img" aria-label={label}>
        <title>{label}</title>
        <rect className="history-band" x={PAD.left} width={plotW} y={y(high)} height={Math.max(0, y(low) - y(high))} />
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="history-grid" x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text className="history-axis" x={PAD.left - 6} y={y(tick) + 4} textAnchor="end">
              {money(tick)}
            </text>
          </g>
        ))}
        <path className="history-area" d={area} />
        <path className="history-line" d={line} />
        <line className="history-deal" x1={PAD.left} x2={width - PAD.right} y1={y(price)} y2={y(price)} />
        <text className="history-deal-label" x={width - PAD.right - 4} y={y(price) - 5} textAnchor="end">
          This deal {money(price)}
        </text>
        <text className="history-axis" x={PAD.left} y={HEIGHT - 6}>
          {first}
        </text>
        <text className="history-axis" x={width - PAD.right} y={HEIGHT - 6} textAnchor="end">
          {last}
        </text>
      </svg>
    </div>
  );
}
