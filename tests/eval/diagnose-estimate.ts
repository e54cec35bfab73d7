/**
 * Issue 14's diagnosis: how far the scanner's typical price is from the world's true typical price, quote by quote
 * (spikes, sales and fare wars left out), split into the model's shape (within one route's scan) and the route's
 * level; and, of the quotes judged deals, which were not really 20 % below typical and why.
 *   bun tests/eval/diagnose-estimate.ts --seed 1 --days 120 --skip-days 60 [--world trends]
 * --skip-days leaves out the first days, while the route levels are still being measured.
 */
import { parseArgs } from "node:util";
import { rduToday } from "../../src/domain/calendar.ts";
import { judgeQuotes } from "../../src/server/fares/judge/judge-quotes.ts";
import { baseLevel, pairOffset, routeModels } from "../../src/server/fares/judge/typical-range.ts";
import { routeKey } from "../../src/server/fares/judge/observations.ts";
import { REPLAY_START } from "./evaluate.ts";
import { REAL_ALERT_SHARE_BELOW } from "./metrics.ts";
import { replay } from "./replay.ts";
import { SyntheticWorld, tripKindOf } from "./world.ts";
import { bucket, printTally } from "./tally.ts";
import type { WorldKind } from "./world-events.ts";

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "1" },
    days: { type: "string", default: "90" },
    world: { type: "string", default: "stationary" },
    "skip-days": { type: "string", default: "0" },
  },
});
const world = new SyntheticWorld({ kind: values.world as WorldKind, seed: Number(values.seed), replayStart: REPLAY_START, replayDays: Number(values.days) });

const q = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) * p)] ?? Number.NaN;
};
type Row = {
  route: string;
  shape: number;
  levelError: number;
  total: number;
  model: number;
  offset: number;
  level: number;
  vol: number;
  /** The route's yearly trend, in bands: "down ≥9%", "down", "flat", "up", "up ≥9%". */
  trend: string;
  kind: string;
  lead: number;
  month: number;
  deal: boolean;
  real: boolean;
};
const rows: Row[] = [];
const trendBand = (perYear: number) => (perYear < -0.09 ? "down ≥9%" : perYear < 0 ? "down" : perYear === 0 ? "flat" : perYear <= 0.09 ? "up" : "up ≥9%");
const deals: { fare: number; estimate: number; real: boolean; sale: number; vol: number; spread: number }[] = [];
/** As the harness counts it (metrics.ts): at most 80 % of the true typical price, in whole dollars. */
const isReal = (price: number, truth: number) => price <= Math.round((1 - REAL_ALERT_SHARE_BELOW) * truth);
await replay({
  world,
  from: REPLAY_START,
  days: Number(values.days),
  warmStart: true,
  afterScan: (at, history, _budgeted, source) => {
    if (!source || at < REPLAY_START + Number(values["skip-days"]) * 86_400_000) return;
    const today = rduToday(new Date(at));
    const quotes = source.lastQuotes;
    const { judged } = judgeQuotes(quotes, history, today);
    const models = routeModels(history);
    const scanRows: Row[] = [];
    for (const item of judged) {
      const q = item.quote;
      if (!item.range || item.range.observations === 0) continue;
      const route = world.route(q.destination)!;
      const truth = world.typicalPrice(q.destination, q.departDate, q.returnDate, at);
      if (item.judgement?.isDeal) {
        const sale = world.saleAt(q.destination, q.departDate, q.returnDate, at);
        deals.push({
          fare: q.price / truth,
          estimate: item.range.median / truth,
          real: isReal(q.price, truth),
          sale: sale ? sale.depth : world.spikeFactor(q.destination, at) !== 1 ? -1 : 0,
          vol: route.volatility,
          spread: item.range.spread,
        });
      }
      if (world.saleAt(q.destination, q.departDate, q.returnDate, at) || world.spikeFactor(q.destination, at) !== 1 || world.warFactor(q.destination, at) !== 1)
        continue;
      const base = baseLevel(models.get(routeKey(q))!, q, today)!;
      const leadDays = Math.round((Date.parse(`${q.departDate}T12:00:00Z`) - at) / 86_400_000);
      scanRows.push({
        shape: 0,
        levelError: 0,
        route: q.destination,
        total: Math.log(item.range.median / truth),
        model: base.log - Math.log(truth),
        offset: pairOffset(models.get(routeKey(q))!, q.departDate, q.returnDate),
        level: Math.log(item.range.median) - base.log,
        vol: route.volatility,
        trend: trendBand(world.events.trendPerYear.get(q.destination) ?? 0),
        kind: tripKindOf(q.departDate, q.returnDate),
        lead: leadDays < 35 ? 0 : leadDays < 90 ? 1 : leadDays < 180 ? 2 : 3,
        month: Number(q.departDate.slice(5, 7)),
        deal: item.judgement?.isDeal ?? false,
        real: isReal(q.price, truth),
      });
    }
    // The ideal level of each route this scan: what makes the model's median error zero; the rest is the model's shape.
    const byRoute = new Map<string, Row[]>();
    for (const r of scanRows) byRoute.set(r.route, [...(byRoute.get(r.route) ?? []), r]);
    for (const group of byRoute.values()) {
      const ideal = -q(
        group.map((r) => r.model),
        0.5,
      );
      for (const r of group) {
        r.shape = r.model + ideal;
        r.levelError = r.level - ideal;
        rows.push(r);
      }
    }
  },
});

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
/** "name p10/50/90 a b c" of one field over a group. */
const spreadOf = (name: string, values: number[], ps: readonly number[]) =>
  `${name} p${ps.map((p) => p * 100).join("/")} ${ps.map((p) => pct(q(values, p))).join(" ")}`;
const TAILS = [0.1, 0.9] as const;
const MIDDLE = [0.1, 0.5, 0.9] as const;

function summary(label: string, group: Row[]) {
  const field = (pick: (r: Row) => number) => group.map(pick);
  const total = field((r) => r.total);
  const deals = group.filter((r) => r.deal);
  console.log(
    [
      label.padEnd(18),
      String(group.length).padStart(8),
      spreadOf("total", total, MIDDLE),
      `|e|>3% ${pct(total.filter((e) => Math.abs(e) > 0.03).length / total.length)}`,
      spreadOf(
        "shape",
        field((r) => r.shape),
        TAILS,
      ),
      spreadOf(
        "level error",
        field((r) => r.levelError),
        MIDDLE,
      ),
      spreadOf(
        "model",
        field((r) => r.model),
        MIDDLE,
      ),
      spreadOf(
        "offset",
        field((r) => r.offset),
        TAILS,
      ),
      spreadOf(
        "no-offset",
        field((r) => r.model - r.offset),
        TAILS,
      ),
      spreadOf(
        "level",
        field((r) => r.level),
        MIDDLE,
      ),
      `deals ${deals.length} false ${deals.filter((r) => !r.real).length}`,
    ].join("  "),
  );
}
const by = <K>(key: (r: Row) => K) => {
  const groups = new Map<K, Row[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return [...groups].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
};
summary("all", rows);
for (const [vol, group] of by((r) => r.vol)) summary(`vol ${vol}`, group);
for (const [trend, group] of by((r) => r.trend)) summary(`trend ${trend}`, group);
for (const [kind, group] of by((r) => r.kind)) summary(`kind ${kind}`, group);
for (const [lead, group] of by((r) => r.lead)) summary(`lead band ${lead}`, group);
for (const [month, group] of by((r) => String(r.month).padStart(2, "0"))) summary(`month ${month}`, group);

const falseDeals = deals.filter((d) => !d.real);
console.log(`\njudged deals ${deals.length}, not really 20 % below ${falseDeals.length}`);
printTally(
  "false by sale depth (0 none, -1 spike)",
  falseDeals.map((d) => d.sale.toFixed(2)),
);
printTally(
  "false by fare/T",
  falseDeals.map((d) => bucket(d.fare, 0.01)),
);
printTally(
  "false by estimate/T",
  falseDeals.map((d) => bucket(d.estimate, 0.02)),
);
printTally(
  "false by volatility",
  falseDeals.map((d) => d.vol.toFixed(2)),
);
printTally(
  "false by spread used",
  falseDeals.map((d) => bucket(d.spread, 0.01)),
);
printTally(
  "all deals by spread used",
  deals.map((d) => bucket(d.spread, 0.01)),
);
printTally(
  "real deals by estimate/T",
  deals.filter((d) => d.real).map((d) => bucket(d.estimate, 0.02)),
);
