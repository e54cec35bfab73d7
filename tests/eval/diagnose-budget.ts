/**
 * Why the budgeted replay misses real drops (issue 15): one world, seed and budget replayed with the source's
 * answers kept, each missed real drop (≥ 25 %, above the dollar minimum, no alert on its dates during the sale)
 * put in the first class that fits:
 *
 *   1. never discovered, and never the cheapest trip of its kind in its calendar month during the sale: no Explore
 *      search (six months or one month) could have shown it;
 *   2. never discovered, though the cheapest of its month (or of six months) at some hour: that search was not made then;
 *   3. discovered, but its cached price was never judged a deal (the typical range, the noise rule);
 *   4. discovered and judged a deal, never confirmed (the sweep's confirmations ran out or went to other candidates);
 *   5. confirmed, but the fresh price was not judged a deal;
 *   6. confirmed a deal, yet no alert (its dates were alerted before: de-duplication, or the re-alert step).
 *
 * The cached and fresh prices are judged again after each scan against the price history the scan used, as the
 * sweep judged them. For the drops that were alerted it prints where the wait went: from the sale's start to the first
 * discovery of its dates, to the first time they were judged a deal, to the alert, and for issue 15's 2-hour goal which
 * of them took longer and at which step (on dates alerted before or new). A diagnosis, not a measure: short runs on the
 * tuning seed.
 *
 * With --duplicates it also lists each duplicate alert (metrics.ts) with how it came about (realert-causes.ts), its
 * price against the true typical price and its dates' daily lows of the week before.
 *
 *   bun tests/eval/diagnose-budget.ts --budget 5000 --seed 1 --days 60 [--world stationary] [--list] [--duplicates] [--without-completeness]
 *
 * --without-completeness: no exact-date Explore, so no completeness pass (decision 139 makes it by default).
 */
import { parseArgs } from "node:util";
import type { Db } from "../../db/client.ts";
import { HOUR_MS, monthOf, rduToday } from "../../src/domain/calendar.ts";
import { exploreTrips } from "./explore-answer.ts";
import { endedDay, type JudgedQuote } from "../../src/server/fares/judge/deal-records.ts";
import { usualDailyLow } from "../../src/server/fares/judge/detect.ts";
import { candidateQuote } from "../../src/server/fares/sweep/discovery-sweep.ts";
import type { FareQuote, TripKind } from "../../src/server/fares/sources/fare-source.ts";
import { judgeQuotes } from "../../src/server/fares/judge/judge-quotes.ts";
import { routeKey } from "../../src/server/fares/judge/observations.ts";
import { percentile } from "../../src/domain/statistics.ts";
import { baseLevel, pairOffset, routeModels } from "../../src/server/fares/judge/typical-range.ts";
import { REPLAY_START, worldTruth } from "./evaluate.ts";
import { DOLLAR_MINIMUM, duplicateAlerts, isRealAlert, measureAlerts, quantile, REAL_DROP_DEPTH, type AlertRecord } from "./metrics.ts";
import { RealertCauses } from "./realert-causes.ts";
import { replay } from "./replay.ts";
import { WORLD_SOURCE } from "./world-fare-source.ts";
import { SyntheticWorld } from "./world.ts";
import type { PlantedDrop, WorldKind } from "./world-events.ts";

const { values: flags } = parseArgs({
  options: {
    budget: { type: "string", default: "5000" },
    seed: { type: "string", default: "1" },
    days: { type: "string", default: "60" },
    world: { type: "string", default: "stationary" },
    list: { type: "boolean", default: false },
    duplicates: { type: "boolean", default: false },
    "without-completeness": { type: "boolean", default: false },
  },
});

const CLASSES = [
  "1 never discovered: never its month's cheapest trip of its kind",
  "2 never discovered: its month's cheapest at some hour, not searched then",
  "3 discovered: the cached price never judged a deal",
  "4 discovered and judged a deal: never confirmed",
  "5 confirmed: the fresh price not judged a deal",
  "6 confirmed a deal: no alert (dates alerted before)",
  "6 confirmed a deal: no alert (other)",
] as const;

const keyOf = (item: { route: string; departDate: string; returnDate: string }) => `${item.route}|${item.departDate}|${item.returnDate}`;
const tripKindOfDrop = (drop: PlantedDrop): TripKind | null => {
  const nights = (Date.parse(drop.returnDate) - Date.parse(drop.departDate)) / (24 * HOUR_MS);
  return nights === 2 ? "weekend" : nights === 7 ? "week" : null;
};

interface DropTrace {
  discovered: number;
  /** When its dates were first discovered, and first judged a deal, while the sale ran. */
  firstDiscoveredAt: number | null;
  firstJudgedDealAt: number | null;
  judgedDeal: number;
  confirmed: number;
  confirmedDeal: number;
  /** Why a confirmed deal did not alert, at its first confirmation as a deal: the dates' deal row after that scan. */
  firstBlock: string | null;
  /** The discovered sighting that came closest to a deal: its typical price ÷ the true one, its robust z, the verdict. */
  closest: { estimate: number; z: number; reason: string; pairOffset: number; pairDays: number; base: number; level: number; bucketDays: number } | null;
}

async function main(): Promise<void> {
  const days = Number(flags.days);
  const world = new SyntheticWorld({ kind: flags.world as WorldKind, seed: Number(flags.seed), replayStart: REPLAY_START, replayDays: days });
  const truth = worldTruth(world, REPLAY_START, world.replayEnd);
  const international = new Set(world.routes.filter((r) => r.international).map((r) => r.code));
  const realDrops = truth.drops.filter((drop) => {
    if (drop.start < truth.start || drop.end > truth.end || drop.depth < REAL_DROP_DEPTH - 1e-9) return false;
    const saved = truth.typicalPrice(drop.route, drop.departDate, drop.returnDate, drop.start) * drop.depth;
    return saved >= (international.has(drop.route) ? DOLLAR_MINIMUM.international : DOLLAR_MINIMUM.domestic);
  });
  const dropsByKey = new Map<string, PlantedDrop[]>();
  for (const drop of realDrops) dropsByKey.set(keyOf(drop), [...(dropsByKey.get(keyOf(drop)) ?? []), drop]);
  const traces = new Map<PlantedDrop, DropTrace>(
    realDrops.map((drop) => [
      drop,
      { discovered: 0, firstDiscoveredAt: null, firstJudgedDealAt: null, judgedDeal: 0, confirmed: 0, confirmedDeal: 0, firstBlock: null, closest: null },
    ]),
  );
  const activeTrace = (quote: FareQuote, at: number) => {
    const drops = dropsByKey.get(keyOf({ route: quote.destination, departDate: quote.departDate, returnDate: quote.returnDate ?? "" })) ?? [];
    const drop = drops.find((d) => d.start <= at && at <= d.end);
    return drop ? traces.get(drop)! : null;
  };

  // Every discovered candidate's typical price against the world's true typical price, by 30-day period of the replay.
  const estimates = new Map<number, number[]>();
  // The same split: the typical price before the route's level ÷ the true one, and the route's level.
  const baseEstimates = new Map<number, number[]>();
  const levels = new Map<number, number[]>();
  // How each re-alert came about, and the daily lows of its dates in the week before it (the duplicates' diagnosis).
  const realerts = new RealertCauses();
  const weekLows = new Map<string, string>();
  let discoveriesSeen = 0;
  let confirmsSeen = 0;
  const result = await replay({
    world,
    from: REPLAY_START,
    days,
    warmStart: true,
    searchesPerMonth: Number(flags.budget),
    trace: true,
    exactDateExplore: !flags["without-completeness"],
    afterScan: (at, history, source, _grid, db) => {
      const trace = source!.trace!;
      const today = rduToday(new Date(at));
      if (flags.duplicates) {
        realerts.afterScan(db, at);
        const weekAgo = new Date(Date.parse(today) - 7 * 24 * HOUR_MS).toISOString().slice(0, 10);
        const dailyLows = db.$client.query(
          "SELECT MIN(price) FROM fare_observations WHERE destination = ? AND depart_date = ? AND return_date = ? AND observed_day >= ? AND observed_day < ? GROUP BY observed_day ORDER BY observed_day",
        );
        const realerted = db.$client
          .query("SELECT destination, depart_date, return_date FROM deals WHERE last_alerted_at = ? AND alert_version > 1")
          .values(at) as [string, string, string][];
        for (const [route, departDate, returnDate] of realerted) {
          const alert = { route, departDate, returnDate };
          const typical = truth.typicalPrice(alert.route, alert.departDate, alert.returnDate, at);
          const lows = (dailyLows.values(alert.route, alert.departDate, alert.returnDate, weekAgo, today) as [number][]).map(([low]) =>
            (low / typical).toFixed(2),
          );
          weekLows.set(`${keyOf(alert)}|${at}`, lows.join(" "));
        }
      }
      // The sweep's candidates: the cheapest row per route and dates of this scan's discoveries.
      const found = new Map<string, FareQuote>();
      const exactDates = new Set<string>();
      for (const discovery of trace.discoveries.slice(discoveriesSeen)) {
        for (const row of discovery.rows) {
          const quote = candidateQuote(row, WORLD_SOURCE);
          const key = keyOf({ route: quote.destination, departDate: quote.departDate, returnDate: quote.returnDate! });
          const kept = found.get(key);
          if (!kept || quote.price < kept.price) found.set(key, quote);
          if (discovery.request.dates) exactDates.add(key);
        }
      }
      // As the sweep does (decision 145): a window's pick is no sample of its route's level.
      const measuresLevel = (quote: FareQuote) =>
        exactDates.has(keyOf({ route: quote.destination, departDate: quote.departDate, returnDate: quote.returnDate! }));
      discoveriesSeen = trace.discoveries.length;
      const candidates = [...found.values()];
      const period = Math.floor((at - REPLAY_START) / (30 * 24 * HOUR_MS));
      const sampleEstimates = (at - REPLAY_START) % (6 * HOUR_MS) === 0;
      if (sampleEstimates || candidates.some((quote) => activeTrace(quote, at))) {
        for (const item of judgeQuotes(candidates, history, today, measuresLevel).judged) {
          const trueTypical = truth.typicalPrice(item.quote.destination, item.quote.departDate, item.quote.returnDate ?? "", at);
          const estimate = item.range ? item.range.median / trueTypical : null;
          if (estimate !== null && sampleEstimates) {
            estimates.set(period, [...(estimates.get(period) ?? []), estimate]);
            const model = routeModels(history).get(routeKey(item.quote))!;
            const base = baseLevel(model, item.quote, today)!;
            baseEstimates.set(period, [...(baseEstimates.get(period) ?? []), Math.exp(base.log) / trueTypical]);
            levels.set(period, [...(levels.get(period) ?? []), Math.exp(model.observedLevel)]);
          }
          const dropTrace = activeTrace(item.quote, at);
          if (!dropTrace) continue;
          dropTrace.discovered++;
          dropTrace.firstDiscoveredAt ??= at;
          const j = item.judgement;
          if (j && estimate !== null && (!dropTrace.closest || j.robustZ < dropTrace.closest.z)) {
            const model = routeModels(history).get(routeKey(item.quote));
            const own = model?.pairOffsets.get(`${item.quote.departDate}|${item.quote.returnDate ?? ""}`);
            const base = model ? baseLevel(model, item.quote, today) : null;
            dropTrace.closest = {
              estimate,
              z: j.robustZ,
              reason: j.reason,
              pairOffset: model ? pairOffset(model, item.quote.departDate, item.quote.returnDate) : 0,
              pairDays: own?.days ?? 0,
              base: base ? Math.exp(base.log) / trueTypical : Number.NaN,
              level: model ? Math.exp(model.observedLevel) : Number.NaN,
              bucketDays: base?.days ?? 0,
            };
          }
          if (item.judgement?.isDeal) {
            dropTrace.judgedDeal++;
            dropTrace.firstJudgedDealAt ??= at;
          }
        }
      }
      for (const confirm of trace.confirms.slice(confirmsSeen)) {
        const dropTrace = confirm.answer ? activeTrace(confirm.answer, at) : null;
        if (!dropTrace) continue;
        dropTrace.confirmed++;
        const judged = judgeQuotes([confirm.answer!], history, today).judged[0]!;
        if (!judged.judgement?.isDeal) continue;
        dropTrace.confirmedDeal++;
        dropTrace.firstBlock ??= blockOf(db, judged, at);
      }
      confirmsSeen = trace.confirms.length;
    },
  });
  const alerts = result.alerts.current.filter((alert) => alert.at >= truth.start && alert.at <= truth.end);
  const realAlerts = alerts.filter((alert) => isRealAlert(alert, truth)).length;
  const alertsByKey = new Map<string, AlertRecord[]>();
  for (const alert of alerts) alertsByKey.set(keyOf(alert), [...(alertsByKey.get(keyOf(alert)) ?? []), alert]);
  const counts = new Map<string, number>(CLASSES.map((c) => [c, 0]));
  let hits = 0;
  const lines: string[] = [];
  // Where an alerted drop's wait goes: sale start → first discovered → first judged a deal → alert (hours).
  const waits = { discovery: [] as number[], judgement: [] as number[], alert: [] as number[] };
  // The 2-hour goal: which alerted drops took longer, and where their time went.
  const overTwoHours = new Map<string, number>();
  const countOver = (why: string) => overTwoHours.set(why, (overTwoHours.get(why) ?? 0) + 1);
  for (const drop of realDrops) {
    const keyAlerts = alertsByKey.get(keyOf(drop)) ?? [];
    const alerted = keyAlerts.find((alert) => alert.at >= drop.start && alert.at <= drop.end);
    if (alerted) {
      hits++;
      const t = traces.get(drop)!;
      if (t.firstDiscoveredAt !== null && t.firstJudgedDealAt !== null) {
        waits.discovery.push((t.firstDiscoveredAt - drop.start) / HOUR_MS);
        waits.judgement.push((t.firstJudgedDealAt - t.firstDiscoveredAt) / HOUR_MS);
        waits.alert.push((alerted.at - t.firstJudgedDealAt) / HOUR_MS);
      }
      const alertedBefore = keyAlerts.some((alert) => alert.at < drop.start) ? "dates alerted before" : "dates new";
      if (alerted.at - drop.start <= 2 * HOUR_MS) countOver(`within 2 h (${alertedBefore})`);
      else if (t.firstDiscoveredAt === null || t.firstDiscoveredAt - drop.start > 2 * HOUR_MS) countOver(`over 2 h: discovered after 2 h (${alertedBefore})`);
      else if (t.firstJudgedDealAt === null || t.firstJudgedDealAt - drop.start > 2 * HOUR_MS)
        countOver(`over 2 h: discovered in 2 h, judged a deal later (${alertedBefore})`);
      else countOver(`over 2 h: judged a deal in 2 h, alerted later (${alertedBefore})`);
      continue;
    }
    const t = traces.get(drop)!;
    let cls: (typeof CLASSES)[number];
    if (t.discovered === 0) cls = wasCheapestAtSomeHour(world, drop) ? CLASSES[1] : CLASSES[0];
    else if (t.judgedDeal === 0 && t.confirmed === 0) cls = CLASSES[2];
    else if (t.confirmed === 0) cls = CLASSES[3];
    else if (t.confirmedDeal === 0) cls = CLASSES[4];
    else cls = keyAlerts.some((alert) => alert.at < drop.start) ? CLASSES[5] : CLASSES[6];
    counts.set(cls, counts.get(cls)! + 1);
    lines.push(
      `${cls.slice(0, 1)} ${drop.route}${international.has(drop.route) ? " (intl)" : ""} ${drop.departDate}→${drop.returnDate} ` +
        `−${Math.round(drop.depth * 100)} % sale ${new Date(drop.start).toISOString().slice(0, 13)}h, ${((drop.end - drop.start) / HOUR_MS).toFixed(0)} h; ` +
        `discovered ${t.discovered}×, judged a deal ${t.judgedDeal}×, confirmed ${t.confirmed}× (a deal ${t.confirmedDeal}×)` +
        (cls.startsWith("6") && t.firstBlock ? `; first confirmed as a deal: ${t.firstBlock}` : "") +
        (t.closest
          ? `; closest: typical ${t.closest.estimate.toFixed(3)} × true (base ${t.closest.base.toFixed(3)} from ${t.closest.bucketDays} days × level ${t.closest.level.toFixed(3)}; pair offset ${t.closest.pairOffset.toFixed(3)} from ${t.closest.pairDays} days), z ${t.closest.z.toFixed(2)}, ${t.closest.reason}`
          : ""),
    );
  }
  const source = result.budgeted!;
  console.log(
    `${flags.world} world, seed ${flags.seed}, ${days} days, ${Number(flags.budget).toLocaleString("en-US")} searches a month: ` +
      `${hits} of ${realDrops.length} real drops alerted; ${realDrops.length - hits} missed. ` +
      `${realAlerts} of ${alerts.length} alerts real. ${source.trace!.discoveries.length} discoveries, ${source.trace!.confirms.length} confirmations.`,
  );
  const metrics = measureAlerts(result.alerts.current, truth);
  console.log(
    `  ${metrics.duplicates} duplicate alerts; drop → alert median ${quantile(metrics.hoursToAlert, 0.5)?.toFixed(1)} h, p95 ${quantile(metrics.hoursToAlert, 0.95)?.toFixed(1)} h`,
  );
  const spread = (hours: number[]) => {
    const sorted = [...hours].sort((a, b) => a - b);
    const at = (p: number) => quantile(sorted, p)?.toFixed(1);
    return `median ${at(0.5)} h, p75 ${at(0.75)} h, p95 ${at(0.95)} h`;
  };
  console.log(
    `  where an alerted drop's wait goes (${waits.alert.length} drops): sale start → first discovered ${spread(waits.discovery)}; ` +
      `→ first judged a deal ${spread(waits.judgement)}; → alert ${spread(waits.alert)}`,
  );
  for (const [why, count] of [...overTwoHours].sort()) console.log(`  ${String(count).padStart(4)}  ${why}`);
  for (const [cls, count] of counts) console.log(`  ${String(count).padStart(4)}  ${cls}`);
  console.log("typical price of discovered candidates ÷ the true typical price, median (P25–P75), every 6 h, by 30 days:");
  for (const [period, ratios] of estimates) {
    const sorted = Float64Array.from(ratios).sort();
    const at = (p: number) => percentile(sorted, p).toFixed(3);
    console.log(`  days ${period * 30}–${period * 30 + 29}: ${at(0.5)} (${at(0.25)}–${at(0.75)}) of ${ratios.length}`);
  }
  for (const [name, byPeriod] of [
    ["before the route's level", baseEstimates],
    ["the route's level", levels],
  ] as const) {
    console.log(`${name}, median (P10–P90), by 30 days:`);
    for (const [period, ratios] of byPeriod) {
      const sorted = Float64Array.from(ratios).sort();
      const at = (p: number) => percentile(sorted, p).toFixed(3);
      console.log(`  days ${period * 30}–${period * 30 + 29}: ${at(0.5)} (${at(0.1)}–${at(0.9)})`);
    }
  }
  if (flags.list) console.log(lines.sort().join("\n"));
  if (flags.duplicates) {
    const byHow = new Map<string, number>();
    for (const { previous, alert } of duplicateAlerts(alerts, truth)) {
      const cause = realerts.of(alert);
      const how = cause?.how ?? "unknown";
      byHow.set(how, (byHow.get(how) ?? 0) + 1);
      const typical = truth.typicalPrice(alert.route, alert.departDate, alert.returnDate, alert.at);
      const sale = world.saleAt(alert.route, alert.departDate, alert.returnDate, alert.at);
      console.log(
        `dup ${keyOf(alert)} ${new Date(alert.at).toISOString().slice(0, 13)}h, ${((alert.at - previous.at) / HOUR_MS).toFixed(0)} h after the last: ${how}; ` +
          `at ${(alert.price / typical).toFixed(2)} T (the last ${(previous.price / typical).toFixed(2)} T)${sale ? `, in a ${sale.depth} sale` : ""}, ` +
          `judged against a typical price of ${cause ? (cause.typicalMedian / typical).toFixed(2) : "?"} T; ` +
          `daily lows of the 7 days before [${weekLows.get(`${keyOf(alert)}|${alert.at}`) ?? ""}] T`,
      );
    }
    for (const [how, count] of [...byHow].sort((a, b) => b[1] - a[1])) console.log(`  ${String(count).padStart(4)}  ${how}`);
  }
}

/** The dates' deal row after a scan that confirmed a deal on them: live (and its last alert) or ended, and the new-episode test. */
function blockOf(db: Db, judged: JudgedQuote, at: number): string {
  const q = judged.quote;
  const deal = db.$client
    .query(
      "SELECT is_active, price, last_alerted_price, last_alerted_at, expired_reason, expired_at FROM deals WHERE destination = ? AND depart_date = ? AND return_date = ?",
    )
    .get(q.destination, q.departDate, q.returnDate ?? "") as {
    is_active: number;
    price: number;
    last_alerted_price: number;
    last_alerted_at: number;
    expired_reason: string | null;
    expired_at: number | null;
  } | null;
  if (!deal) return `no deal row (fresh $${q.price})`;
  const hoursAgo = (ms: number) => `${((at - ms) / HOUR_MS).toFixed(0)} h ago`;
  const usual = usualDailyLow(judged.pairRecentLows, endedDay(deal.expired_at === null ? null : new Date(deal.expired_at)));
  const episode = `fresh $${q.price}, the dates' usual low ${usual === null ? "none" : `$${usual.toFixed(0)}`}`;
  return deal.is_active
    ? `live, last alerted at $${deal.last_alerted_price} ${hoursAgo(deal.last_alerted_at)}, its price $${deal.price}; ${episode}`
    : `ended (${deal.expired_reason}) ${deal.expired_at ? hoursAgo(deal.expired_at) : ""}, last alerted at $${deal.last_alerted_price} ${hoursAgo(deal.last_alerted_at)}; ${episode}`;
}

/** Whether the drop's dates were the cheapest of Explore's trips of their kind (explore-answer.ts) in their calendar month (or six months) at some hour of the sale, at the fresh price. */
function wasCheapestAtSomeHour(world: SyntheticWorld, drop: PlantedDrop): boolean {
  const tripKind = tripKindOfDrop(drop);
  if (!tripKind) return false;
  const firstScan = REPLAY_START + Math.ceil((drop.start - REPLAY_START) / HOUR_MS) * HOUR_MS;
  for (let at = firstScan; at <= drop.end; at += HOUR_MS) {
    for (const month of [monthOf(drop.departDate), null]) {
      const pairs = exploreTrips({ now: new Date(at), tripKind, month });
      let cheapest: { key: string; price: number } | null = null;
      for (const pair of pairs) {
        const price = world.fare(drop.route, pair.departDate, pair.returnDate, at);
        if (price !== null && (!cheapest || price < cheapest.price)) cheapest = { key: `${pair.departDate}|${pair.returnDate}`, price };
      }
      if (cheapest?.key === `${drop.departDate}|${drop.returnDate}`) return true;
    }
  }
  return false;
}

await main();
