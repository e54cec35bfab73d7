import { format, parseISO } from "date-fns";
import type { DealRuleExample } from "../../domain/api/deals.ts";
import { money } from "../pages/dashboard/deals/format.ts";

const WIDTH = 400;
const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 30, left: 58 };

/** Day labels in the picture: fixed (no zone, no locale), so the server and the browser draw the same. */
const dayLabel = (isoDay: string) => format(parseISO(isoDay), "MMM d");

/** One real deal drawn as the rule saw it (decision 109): the typical fare each day, its typical band, and the fare alerted. */
export function RuleExampleFigure({ example }: { example: DealRuleExample }) {
  const { points } = example;
  const prices = points.map((point) => point.price);
  const minY = Math.min(...prices, example.price, example.typicalLow);
  const maxY = Math.max(...prices, example.typicalHigh);
  const padY = Math.max((maxY - minY) * 0.12, 5);
  const yFrom = Math.max(0, minY - padY);
  const yTo = maxY + padY;
  const days = points.map((point) => parseISO(point.date).getTime());
  const alerted = parseISO(example.alertedOn).getTime();
  const tFrom = Math.min(days[0]!, alerted);
  const tTo = Math.max(days.at(-1)!, alerted, tFrom + 1);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (t: number) => PAD.left + ((t - tFrom) / (tTo - tFrom)) * plotW;
  const y = (value: number) => PAD.top + (1 - (value - yFrom) / (yTo - yFrom)) * plotH;
  const line = points.map((point, i) => `${i === 0 ? "M" : "L"}${x(days[i]!).toFixed(1)},${y(point.price).toFixed(1)}`).join(" ");
  const dealX = x(alerted);
  const dealY = y(example.price);
  const first = dayLabel(points[0]!.date);
  const last = dayLabel(points.at(-1)!.date);
  const alertedOn = dayLabel(example.alertedOn);
  const description =
    `RDU to ${example.destinationCity}, ${example.comparedWith}: the typical fare each day from ${first} to ${last} stayed between ` +
    `${money(Math.min(...prices))} and ${money(Math.max(...prices))}, around the typical range of ${money(example.typicalLow)} to ${money(example.typicalHigh)}; ` +
    `on ${alertedOn} a fare of ${money(example.price)}, ${example.percentBelowTypical}% below the typical ${money(example.typicalPrice)}, was the deal.`;

  return (
    <figure className="rule-example-figure">
      <svg className="rule-example-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={description}>
        <title>{description}</title>
        <rect
          className="rule-band"
          x={PAD.left}
          width={plotW}
          y={y(example.typicalHigh)}
          height={Math.max(1, y(example.typicalLow) - y(example.typicalHigh))}
        />
        {[example.typicalHigh, example.typicalLow].map((value) => (
          <text key={value} className="rule-axis" x={PAD.left - 6} y={y(value) + 4} textAnchor="end">
            {money(value)}
          </text>
        ))}
        <path className="rule-line" d={line} />
        {points.map((point, i) => (
          <circle key={point.date} className="rule-day" cx={x(days[i]!)} cy={y(point.price)} r={2.5} />
        ))}
        <line className="rule-drop" x1={dealX} x2={dealX} y1={y(example.typicalLow)} y2={dealY} />
        <circle className="rule-deal" cx={dealX} cy={dealY} r={6} />
        <text className="rule-deal-label" x={dealX - 10} y={dealY + 4} textAnchor="end">
          {money(example.price)}
        </text>
        <text className="rule-axis" x={PAD.left} y={HEIGHT - 8}>
          {first}
        </text>
        <text className="rule-axis" x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end">
          {last}
        </text>
      </svg>
      <figcaption>
        <p>
          <strong>
            RDU to {example.destinationCity} ({example.destination}), {example.travelDates}
          </strong>
        </p>
        <ul className="rule-legend">
          <li>
            <span className="key-band" aria-hidden="true" />
            <span>
              The band is what {example.comparedWith} usually cost: {money(example.typicalLow)} to {money(example.typicalHigh)}.
            </span>
          </li>
          <li>
            <span className="key-days" aria-hidden="true" />
            <span>
              The dots are the typical fare each day for those trips, {first} to {last}.
            </span>
          </li>
          <li>
            <span className="key-deal" aria-hidden="true" />
            <span>
              On {alertedOn} a fare of <strong>{money(example.price)}</strong> showed up, {example.percentBelowTypical}% below the typical{" "}
              {money(example.typicalPrice)}. It passed every test of the rule (<a href="/how-we-find-deals">how we find deals</a>), so members got an alert.
              {example.ended ? " The fare has since gone back up, and the deal has ended." : " The deal is still live."}
            </span>
          </li>
        </ul>
      </figcaption>
    </figure>
  );
}
