/**
 * Issue 14's diagnosis of the alerts themselves: why real drops were missed (never quoted, judged but not a deal and
 * why, or judged a deal and not alerted), what the false alerts were (a shallow sale, a spike, noise) and what each
 * duplicate looked like.
 *   bun tests/eval/diagnose-alerts.ts --seed 1 --days 120 [--world trends] [--list]
 */
import { parseArgs } from "node:util";
import { rduToday } from "../../src/domain/calendar.ts";
import { judgeQuotes } from "../../src/server/fares/judge/judge-quotes.ts";
import { REPLAY_START, worldTruth } from "./evaluate.ts";
import { duplicateAlerts, isRealAlert, measureAlerts } from "./metrics.ts";
import { RealertCauses } from "./realert-causes.ts";
import { replay } from "./replay.ts";
import { bucket, printTally } from "./tally.ts";
import { SyntheticWorld } from "./world.ts";
import type { WorldKind } from "./world-events.ts";
import { endedDay } from "../../src/server/fares/judge/deal-records.ts";
import { usualDailyLow } from "../../src/server/fares/judge/detect.ts";

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "1" },
    days: { type: "string", default: "120" },
    world: { type: "string", default: "stationary" },
    list: { type: "boolean", default: false },
  },
});
const days = Number(values.days);
const world = new SyntheticWorld({ kind: values.world as WorldKind, seed: Number(values.seed), replayStart: REPLAY_START, replayDays: days });
const truth = worldTruth(world, REPLAY_START, world.replayEnd);
const keyOf = (route: string, departDate: string, returnDate: string | null) => `${route}|${departDate}|${returnDate ?? ""}`;

interface Seen {
  at?: number;
  state?: string;
  deal: boolean;
  reason: string;
  estimate: number;
  z: number;
  spread: number;
}
/** Per real-drop key and sale start: every judgement of its quotes while the sale ran. */
const seen = new Map<string, Seen[]>();
/** Every quote judged a deal, by scan time and key: what the alerts were judged on. */
const dealJudgements = new Map<string, Seen>();
const realDrops = world.events.drops.filter((d) => d.start >= truth.start && d.end <= truth.end && d.depth >= 0.25 - 1e-9);
/** Real drops by route and dates: the same dates can have several sales in the year. */
const dropsByKey = new Map<string, typeof realDrops>();
for (const d of realDrops) {
  const key = keyOf(d.route, d.departDate, d.returnDate);
  dropsByKey.set(key, [...(dropsByKey.get(key) ?? []), d]);
}

/** Real drops quoted while no typical range could judge them (too few days of history for that trip, no provider range). */
const quotedWithoutRange = new Set<string>();

const realerts = new RealertCauses();
const result = await replay({
  world,
  from: REPLAY_START,
  days,
  warmStart: true,
  afterScan: (at, history, _budgeted, source, db) => {
    if (!source) return;
    realerts.afterScan(db, at);
    const { judged } = judgeQuotes(source.lastQuotes, history, rduToday(new Date(at)));
    for (const item of judged) {
      const q = item.quote;
      if (item.judgement?.isDeal && item.range) {
        const typical = world.typicalPrice(q.destination, q.departDate, q.returnDate, at);
        dealJudgements.set(`${at}|${keyOf(q.destination, q.departDate, q.returnDate)}`, {
          deal: true,
          reason: item.judgement.reason,
          estimate: item.range.median / typical,
          z: item.judgement.robustZ,
          spread: item.range.spread,
        });
      }
      const drop = dropsByKey.get(keyOf(q.destination, q.departDate, q.returnDate))?.find((d) => at >= d.start && at < d.end);
      if (!drop) continue;
      const id = `${drop.saleId}|${keyOf(q.destination, q.departDate, q.returnDate)}`;
      if (!item.range || !item.judgement) {
        quotedWithoutRange.add(id);
        continue;
      }
      const typical = world.typicalPrice(q.destination, q.departDate, q.returnDate, at);
      const list = seen.get(id) ?? [];
      const row = db.$client
        .query("SELECT is_active, last_alerted_price, expired_at FROM deals WHERE destination = ? AND depart_date = ? AND return_date IS ?")
        .get(q.destination, q.departDate, q.returnDate) as { is_active: number; last_alerted_price: number; expired_at: number | null } | null;
      const usual = row ? usualDailyLow(item.pairRecentLows, endedDay(row.expired_at === null ? null : new Date(row.expired_at))) : null;
      const state = row
        ? `${row.is_active ? "live" : "ended"}@${(row.last_alerted_price / typical).toFixed(2)} low ${usual ? (usual / typical).toFixed(2) : "-"} p ${(q.price / typical).toFixed(2)}`
        : "none";
      list.push({
        at,
        state,
        deal: item.judgement.isDeal,
        reason: item.judgement.reason,
        estimate: item.range.median / typical,
        z: item.judgement.robustZ,
        spread: item.range.spread,
      });
      seen.set(id, list);
    }
  },
});

const metrics = measureAlerts(result.alerts.current, truth);
console.log(
  `alerts ${metrics.alerts} false ${metrics.falseAlerts} recall ${metrics.realDropRecall.hit}/${metrics.realDropRecall.of} duplicates ${metrics.duplicates}`,
);

// Missed real drops, as the harness counts them (above the dollar minimum).
const alertsByKey = new Map<string, number[]>();
for (const a of result.alerts.current)
  alertsByKey.set(keyOf(a.route, a.departDate, a.returnDate), [...(alertsByKey.get(keyOf(a.route, a.departDate, a.returnDate)) ?? []), a.at]);
const missed: string[] = [];
const missedLines: string[] = [];
for (const drop of realDrops) {
  const international = world.route(drop.route)!.international;
  const saved = world.typicalPrice(drop.route, drop.departDate, drop.returnDate || null, drop.start) * drop.depth;
  if (saved < (international ? 150 : 50)) continue;
  const key = keyOf(drop.route, drop.departDate, drop.returnDate || null);
  if ((alertsByKey.get(key) ?? []).some((at) => at >= drop.start && at <= drop.end)) continue;
  const judgements = seen.get(`${drop.saleId}|${key}`) ?? [];
  const best = [...judgements].sort((a, b) => b.estimate - a.estimate)[0];
  const unjudged = quotedWithoutRange.has(`${drop.saleId}|${key}`) ? "quoted, no typical range" : "never quoted";
  const why = judgements.length === 0 ? unjudged : judgements.some((j) => j.deal) ? "judged a deal, not alerted" : best!.reason;
  missed.push(`${international ? "intl" : "dom"} ${drop.depth.toFixed(2)} ${why}`);
  const before = result.alerts.current
    .filter((a) => keyOf(a.route, a.departDate, a.returnDate || null) === key && a.at < drop.start)
    .map((a) => {
      const sale = world.saleAt(a.route, a.departDate, a.returnDate || null, a.at);
      const fare = a.price / world.typicalPrice(a.route, a.departDate, a.returnDate || null, a.at);
      return `${((drop.start - a.at) / 3_600_000).toFixed(0)} h before at ${fare.toFixed(2)}${sale ? ` (sale ${sale.depth} to ${((drop.start - sale.end) / 3_600_000).toFixed(0)} h before)` : ""}`;
    });
  missedLines.push(
    `${key} earlier alerts [${before.join("; ")}] depth ${drop.depth} saved $${saved.toFixed(0)} scans ${judgements.length} best estimate/T ${best?.estimate.toFixed(3)} z ${best?.z.toFixed(2)} spread ${best?.spread.toFixed(3)}: ${why}; sale ${((drop.end - drop.start) / 3_600_000).toFixed(0)} h, looks ${judgements.map((j) => `${(((j.at ?? 0) - drop.start) / 3_600_000).toFixed(0)}h${j.deal ? "D" : `-(${j.reason})`}[${j.state}]`).join(" ")}`,
  );
}
printTally("missed real drops", missed);
if (values.list) for (const line of missedLines) console.log(`  ${line}`);

// False alerts by what the world was doing.
const falseKinds = result.alerts.current
  .filter((a) => a.at >= truth.start && a.at < truth.end && !isRealAlert(a, truth))
  .map((a) => {
    const sale = world.saleAt(a.route, a.departDate, a.returnDate || null, a.at);
    if (sale) return `sale ${sale.depth}`;
    if (world.spikeFactor(a.route, a.at) !== 1) return "spike";
    if (world.warFactor(a.route, a.at) !== 1) return "war";
    const fare = a.price / world.typicalPrice(a.route, a.departDate, a.returnDate || null, a.at);
    return `noise ${(Math.floor(fare * 50) / 50).toFixed(2)}`;
  });
printTally("false alerts", falseKinds);
const falseJudgements = result.alerts.current
  .filter((a) => a.at >= truth.start && a.at < truth.end && !isRealAlert(a, truth) && !world.saleAt(a.route, a.departDate, a.returnDate || null, a.at))
  .flatMap((a) => {
    const j = dealJudgements.get(`${a.at}|${keyOf(a.route, a.departDate, a.returnDate || null)}`);
    return j ? [{ ...j, vol: world.route(a.route)!.volatility }] : [];
  });
printTally(
  "false noise alerts by estimate/T",
  falseJudgements.map((j) => bucket(j.estimate, 0.02)),
);
printTally(
  "false noise alerts by z",
  falseJudgements.map((j) => bucket(j.z, 0.25)),
);
printTally(
  "false noise alerts by spread/volatility",
  falseJudgements.map((j) => bucket(j.spread / j.vol, 0.1)),
);
printTally(
  "false noise alerts by volatility",
  falseJudgements.map((j) => j.vol.toFixed(2)),
);

// Duplicates: re-alerts that only noise explains (metrics.ts), with the alert before each.
if (values.list) {
  const describe = (a: (typeof result.alerts.current)[number]) => {
    const sale = world.saleAt(a.route, a.departDate, a.returnDate || null, a.at);
    const typical = world.typicalPrice(a.route, a.departDate, a.returnDate || null, a.at);
    return `${new Date(a.at).toISOString().slice(5, 13)} $${a.price} ${(a.price / typical).toFixed(2)}T${sale ? ` sale ${sale.depth} #${sale.id}` : ""}`;
  };
  console.log("duplicates:");
  const inWindow = result.alerts.current.filter((a) => a.at >= truth.start && a.at <= truth.end);
  for (const { previous, alert } of duplicateAlerts(inWindow, truth)) {
    const cause = realerts.of(alert);
    const typical = world.typicalPrice(alert.route, alert.departDate, alert.returnDate || null, alert.at);
    const judgedAgainst = cause ? `, judged against ${(cause.typicalMedian / typical).toFixed(2)}T` : "";
    console.log(
      `  ${keyOf(alert.route, alert.departDate, alert.returnDate || null)}: ${describe(previous)} -> ${describe(alert)}: ${cause?.how ?? "?"}${judgedAgainst}`,
    );
  }
}
