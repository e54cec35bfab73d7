/**
 * One world and seed, measured: a replayed year from a warm start (a year of past observations), then fresh
 * installs (no history at all) spread over the same year for the first-week false alerts, every rule scored
 * against the world's ground truth.
 */
import { DAY_MS } from "../../src/domain/calendar.ts";
import { measureAlerts, type RuleMetrics, type Truth } from "./metrics.ts";
import { replay, type RuleName } from "./replay.ts";
import { SyntheticWorld } from "./world.ts";
import type { WorldKind } from "./world-events.ts";

/** Midnight in RDU (EST) on 1 January 2026: the first scan of the replayed year. */
export const REPLAY_START = Date.parse("2026-01-01T05:00:00Z");
export const TUNE_SEED = 1;
export const HOLDOUT_SEED = 2;
export const FRESH_INSTALL_DAYS = 7;

export interface JobSpec {
  kind: WorldKind;
  seed: number;
  days: number;
  /** Fresh installs, evenly spread over the replayed days. */
  freshInstalls: number;
}

export interface JobResult {
  spec: JobSpec;
  seconds: { year: number; freshInstalls: number };
  scans: number;
  searches: number;
  quotes: number;
  events: { sales: number; drops: number; realDrops: number; spikes: number; wars: number };
  rules: Record<RuleName, RuleMetrics>;
  /** False alerts over the first week of every fresh install, and the route-months they span. */
  firstWeek: Record<RuleName, { falseAlerts: number; routeMonths: number }>;
}

export function worldTruth(world: SyntheticWorld, start: number, end: number): Truth {
  return {
    routes: world.routes,
    start,
    end,
    typicalPrice: (route, departDate, returnDate, at) => world.typicalPrice(route, departDate, returnDate || null, at),
    noiselessPrice: (route, departDate, returnDate, at) => world.noiselessPrice(route, departDate, returnDate || null, at),
    drops: world.events.drops,
    wars: world.events.wars,
  };
}

const inside = (start: number, end: number) => (event: { start: number; end: number }) => event.start >= start && event.end <= end;

export async function evaluate(spec: JobSpec): Promise<JobResult> {
  const world = new SyntheticWorld({ kind: spec.kind, seed: spec.seed, replayStart: REPLAY_START, replayDays: spec.days });
  const year = await replay({ world, from: REPLAY_START, days: spec.days, warmStart: true });
  const truth = worldTruth(world, REPLAY_START, world.replayEnd);
  const ruleNames = Object.keys(year.alerts) as RuleName[];

  const firstWeek = Object.fromEntries(ruleNames.map((rule) => [rule, { falseAlerts: 0, routeMonths: 0 }])) as JobResult["firstWeek"];
  let freshSeconds = 0;
  for (let install = 0; install < spec.freshInstalls; install++) {
    const from = REPLAY_START + Math.floor((install * spec.days) / spec.freshInstalls) * DAY_MS;
    const fresh = await replay({ world, from, days: FRESH_INSTALL_DAYS, warmStart: false });
    freshSeconds += fresh.seconds;
    const weekTruth = worldTruth(world, from, from + FRESH_INSTALL_DAYS * DAY_MS);
    for (const rule of ruleNames) {
      const week = measureAlerts(fresh.alerts[rule], weekTruth);
      firstWeek[rule].falseAlerts += week.falseAlerts;
      firstWeek[rule].routeMonths += week.routeMonths;
    }
  }

  const replayed = inside(REPLAY_START, world.replayEnd);
  const rules = Object.fromEntries(ruleNames.map((rule) => [rule, measureAlerts(year.alerts[rule], truth)])) as JobResult["rules"];
  return {
    spec,
    seconds: { year: year.seconds, freshInstalls: freshSeconds },
    scans: year.scans,
    searches: year.searches,
    quotes: year.quotes,
    events: {
      sales: world.events.sales.filter(replayed).length,
      drops: world.events.drops.filter(replayed).length,
      realDrops: rules.current.realDropRecall.of,
      spikes: world.events.spikes.filter(replayed).length,
      wars: world.events.wars.filter(replayed).length,
    },
    rules,
    firstWeek,
  };
}
