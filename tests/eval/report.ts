/** The deal-quality tables, as Markdown: a summary like issue 14's, then one table per world and seed. */
import { BASELINE_LABELS } from "./baselines.ts";
import { HOLDOUT_SEED, TUNE_SEED, type JobResult } from "./evaluate.ts";
import { quantile, type Ratio, type RuleMetrics } from "./metrics.ts";
import { SCANS_PER_DAY, type RuleName } from "./replay.ts";
import { WEEK_LONG_FACTOR, WEEKEND_FACTOR } from "./world.ts";
import { SALE_DEPTHS, SALES_PER_ROUTE_YEAR, SPIKES_PER_ROUTE_YEAR, WAR_CHANCE_PER_ROUTE_YEAR, type WorldKind } from "./world-events.ts";
import { WORLD_ROUTES } from "./world-routes.ts";

export const RULE_LABELS: Readonly<Record<RuleName, string>> = {
  current: "deal rule v4 (real scanner)",
  ...BASELINE_LABELS,
};
const RULES = Object.keys(RULE_LABELS) as RuleName[];
export const WORLD_LABELS: Readonly<Record<WorldKind, string>> = {
  stationary: "stationary world",
  trends: "world with trends and fare wars",
};

const share = (r: Ratio) => (r.of === 0 ? null : r.hit / r.of);
const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)} %`);
const fixed = (value: number | null, digits = 1) => (value === null ? "—" : value.toFixed(digits));
const ratioText = (r: Ratio) => `${percent(share(r))} (${r.hit}/${r.of})`;
const seedLabel = (seed: number) => (seed === TUNE_SEED ? `seed ${seed}, tuning` : seed === HOLDOUT_SEED ? `seed ${seed}, holdout` : `seed ${seed}`);

/** One number per run; the summary shows the range over runs. */
interface Measure {
  label: string;
  issueToday: string;
  /** The rule before v2 through the same harness, as docs/deal-quality.md recorded it on 2026-11-24 (commit 781765b). */
  ruleV1: string;
  /** The rule before decision 084 (a drop must hold 3 hours) through the same harness, as recorded on 2026-11-25 (commit ddf3b15). */
  ruleV3: string;
  wanted: string;
  value(job: JobResult, rule: RuleName): number | null;
  format(value: number | null): string;
  /** Summarised per world ("stationary / trends") instead of over all runs. */
  perWorld?: boolean;
  /** Only runs of this world count. */
  world?: WorldKind;
}

const realShare = (m: RuleMetrics) => (m.alerts === 0 ? null : m.realAlerts / m.alerts);
const hours = (m: RuleMetrics, p: number) => quantile(m.hoursToAlert, p);

const MEASURES: readonly Measure[] = [
  {
    label: "planted real drops (≥ 25 % below the true typical price, above the dollar minimum) that got an alert",
    issueToday: "81–83 %",
    ruleV1: "61–72 %",
    ruleV3: "96–97 %",
    wanted: "≥ 95 %",
    value: (j, r) => share(j.rules[r].realDropRecall),
    format: percent,
  },
  {
    label: "of those, international drops of exactly 25 %",
    issueToday: "41–43 %",
    ruleV1: "17–31 %",
    ruleV3: "83–100 %",
    wanted: "≥ 90 %",
    value: (j, r) => share(j.rules[r].international25Recall),
    format: percent,
  },
  {
    label: "alerts whose fare was really ≥ 20 % below the true typical price",
    issueToday: "73–75 %",
    ruleV1: "78–84 %",
    ruleV3: "94–96 %",
    wanted: "≥ 95 %",
    value: (j, r) => realShare(j.rules[r]),
    format: percent,
  },
  {
    label: "false alerts per route-month (stationary / trends and fare wars)",
    issueToday: "2.0 / 3.5",
    ruleV1: "0.51–0.53 / 0.74–0.83",
    ruleV3: "0.08–0.10 / 0.10–0.11",
    wanted: "≤ 0.5 / ≤ 1.0",
    value: (j, r) => j.rules[r].falseAlerts / j.rules[r].routeMonths,
    format: (v) => fixed(v, 2),
    perWorld: true,
  },
  {
    label: "alerts per fare war (a route's whole level falling 20–35 % for weeks)",
    issueToday: "42–48",
    ruleV1: "52–57",
    ruleV3: "1",
    wanted: "≤ 8",
    value: (j, r) => (j.rules[r].wars === 0 ? null : j.rules[r].warAlerts / j.rules[r].wars),
    format: (v) => fixed(v, 0),
    world: "trends",
  },
  {
    label: "duplicate alerts (same route and dates re-alerted for noise), a year (stationary / trends and fare wars)",
    issueToday: "19–46",
    ruleV1: "103–110 / 417–627",
    ruleV3: "10 / 15",
    wanted: "0",
    value: (j, r) => j.rules[r].duplicates,
    format: (v) => fixed(v, 0),
    perWorld: true,
  },
  {
    label: "false alerts in the first week of a fresh install, per route-month",
    issueToday: "16–22",
    ruleV1: "7.1–9.1",
    ruleV3: "0.0",
    wanted: "≤ 2",
    value: (j, r) => j.firstWeek[r].falseAlerts / j.firstWeek[r].routeMonths,
    format: (v) => fixed(v, 1),
  },
  {
    label: "time from a real drop's start to its alert, median (hours)",
    issueToday: "—",
    ruleV1: "3.0–3.5",
    ruleV3: "3.9–4.5",
    wanted: "—",
    value: (j, r) => hours(j.rules[r], 0.5),
    format: (v) => fixed(v, 1),
  },
  {
    label: "time from a real drop's start to its alert, 95th percentile (hours)",
    issueToday: "—",
    ruleV1: "5.5–5.9",
    ruleV3: "6.6–6.9",
    wanted: "—",
    value: (j, r) => hours(j.rules[r], 0.95),
    format: (v) => fixed(v, 1),
  },
  {
    label: "alerts per route-month, all",
    issueToday: "—",
    ruleV1: "2.4–4.5",
    ruleV3: "1.8–2.1",
    wanted: "—",
    value: (j, r) => j.rules[r].alerts / j.rules[r].routeMonths,
    format: (v) => fixed(v, 1),
  },
];

function range(measure: Measure, values: (number | null)[]): string {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return "—";
  const [low, high] = [measure.format(Math.min(...known)), measure.format(Math.max(...known))];
  return low === high ? low : `${low.replace(/ %$/, "")}–${high}`;
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** Issue 14's table: each rule's range over the runs (per world where the issue splits by world). */
export function summaryTable(jobs: readonly JobResult[]): string {
  const worlds = [...new Set(jobs.map((j) => j.spec.kind))];
  const rows = MEASURES.map((measure) => {
    const cell = (rule: RuleName) => {
      if (measure.perWorld)
        return worlds
          .map((w) =>
            range(
              measure,
              jobs.filter((j) => j.spec.kind === w).map((j) => measure.value(j, rule)),
            ),
          )
          .join(" / ");
      return range(
        measure,
        jobs.filter((j) => !measure.world || j.spec.kind === measure.world).map((j) => measure.value(j, rule)),
      );
    };
    return [measure.label, measure.issueToday, measure.ruleV1, measure.ruleV3, ...RULES.map(cell), measure.wanted];
  });
  return table(
    ["measured", 'issue 14\'s "today"', "rule v1 (recorded before v2)", "rule v3 (recorded before v4)", ...RULES.map((r) => RULE_LABELS[r]), "wanted"],
    rows,
  );
}

/** Every measure with its counts, one column per rule, for one world and seed. */
export function runTable(job: JobResult): string {
  const rows: string[][] = [
    ["real drops alerted", ...RULES.map((r) => ratioText(job.rules[r].realDropRecall))],
    ["… international, exactly 25 %", ...RULES.map((r) => ratioText(job.rules[r].international25Recall))],
    ["missed real drops whose dates had an earlier alert", ...RULES.map((r) => String(job.rules[r].missedAfterEarlierAlert))],
    ["alerts really ≥ 20 % below typical", ...RULES.map((r) => `${percent(realShare(job.rules[r]))} (${job.rules[r].realAlerts}/${job.rules[r].alerts})`)],
    ["false alerts per route-month", ...RULES.map((r) => `${fixed(job.rules[r].falseAlerts / job.rules[r].routeMonths, 2)} (${job.rules[r].falseAlerts})`)],
    [
      "false alerts on weekend / week-long trips",
      ...RULES.map((r) => `${job.rules[r].falseByTripKind.weekend} / ${job.rules[r].falseByTripKind["week-long"]}`),
    ],
    [
      "alerts per fare war",
      ...RULES.map((r) =>
        job.rules[r].wars === 0 ? "— (no war)" : `${fixed(job.rules[r].warAlerts / job.rules[r].wars, 1)} (${job.rules[r].warAlerts}/${job.rules[r].wars})`,
      ),
    ],
    ["duplicate alerts", ...RULES.map((r) => String(job.rules[r].duplicates))],
    [
      `first-week false alerts per route-month (${job.spec.freshInstalls} fresh installs)`,
      ...RULES.map((r) => `${fixed(job.firstWeek[r].falseAlerts / job.firstWeek[r].routeMonths, 1)} (${job.firstWeek[r].falseAlerts})`),
    ],
    ["drop → alert, median / p95 (h)", ...RULES.map((r) => `${fixed(hours(job.rules[r], 0.5))} / ${fixed(hours(job.rules[r], 0.95))}`)],
  ];
  return table(["measured", ...RULES.map((r) => RULE_LABELS[r])], rows);
}

/** Recall of every planted drop above the dollar minimum, by depth and region. */
export function recallByDepthTable(job: JobResult): string {
  const depths = job.rules.current.recallByDepth.map((d) => d.depth);
  const rows = depths.flatMap((depth) =>
    (["domestic", "international"] as const).map((region) => [
      `${Math.round(depth * 100)} %, ${region}`,
      ...RULES.map((r) => ratioText(job.rules[r].recallByDepth.find((d) => d.depth === depth)![region])),
    ]),
  );
  return table(["drop", ...RULES.map((r) => RULE_LABELS[r])], rows);
}

export function runHeading(job: JobResult): string {
  const e = job.events;
  return (
    `### ${WORLD_LABELS[job.spec.kind]}, ${seedLabel(job.spec.seed)}\n\n` +
    `${job.spec.days} days, ${job.scans.toLocaleString("en-US")} scans, ${job.quotes.toLocaleString("en-US")} quotes; ` +
    `${e.sales} planted sales (${e.drops} route-date drops, ${e.realDrops} real drops), ${e.spikes} spikes, ${e.wars} fare wars.`
  );
}

/** Seconds per run: the only part of the report that changes between two runs of the same seeds. */
export function runtimeLines(jobs: readonly JobResult[]): string {
  return jobs
    .map(
      (job) =>
        `- ${WORLD_LABELS[job.spec.kind]}, ${seedLabel(job.spec.seed)}: replayed year ${job.seconds.year.toFixed(0)} s, ${job.spec.freshInstalls} fresh installs ${job.seconds.freshInstalls.toFixed(0)} s`,
    )
    .join("\n");
}

export function reportBody(jobs: readonly JobResult[]): string {
  const runs = jobs.map((job) =>
    [runHeading(job), runTable(job), "Recall by drop size and region (drops above the dollar minimum for their depth):", recallByDepthTable(job)].join("\n\n"),
  );
  return ["## Summary", summaryTable(jobs), "## Each world and seed", ...runs].join("\n\n");
}

/** What the numbers mean: the method, stated once, above the generated tables. */
export function methodSection(): string {
  const routes = WORLD_ROUTES.length;
  const international = WORLD_ROUTES.filter((r) => r.international).length;
  const scanHours = Array.from({ length: SCANS_PER_DAY }, (_, i) => `${String((i * 24) / SCANS_PER_DAY).padStart(2, "0")}:00`).join(", ");
  const depths = [...new Set(SALE_DEPTHS)].map((d) => `${Math.round(d * 100)}`).join(", ");
  return `# Deal quality: the deal rules on a replayed year

Written by \`npm run eval:deals\` (tests/eval/; not part of \`npm test\`). Do not edit by hand: change the harness and
run it again. Issue 14 sets the goals (the "wanted" column).

## Method

**The replay** drives the real scanner: \`runScan\` with its own scan plan (\`planSearches\`: every catalogue
destination × Fri→Sun weekend pairs every other week and Sat→Sat week-long pairs every fourth week, 14–240 days out,
plus a re-check of every live deal), observations stored as daily minima of each quarter-day's first scan (decision 144), typical ranges, detection, deal records and
a fan-out to nobody (no subscribers: an alert is the deal record, not the email). The database is an in-memory
migrated SQLite; the clock steps ${24 / SCANS_PER_DAY} hours per scan (${scanHours} in RDU's winter time: a grid source's default
\`SCAN_SCHEDULE\`, decision 143), ${(365 * SCANS_PER_DAY).toLocaleString("en-US")} scans for the year from 1 January 2026. A scripted fare source answers every planned search with the world's fare for
those dates at that moment; the catalogue destinations outside the world get no quote. **Warm start:** before its
first scan the scanner records a year of past observations offered the way the simulated market offers them (three
grid date pairs per route and day). **Fresh installs:** separately, installs with no history at all, spread evenly
over the same year, scanned for their first week. The scanner's one seam for the replay is \`runScan\`'s optional
\`loadHistory\`: the replay keeps the same year of observations up to date instead of re-reading it at every scan,
and stops with an error unless its copy equals \`loadPriceHistory\`'s at the first scan and every 60 days.

**The world** (tests/eval/world*.ts): ${routes} RDU routes from the catalogue (${routes - international} domestic,
${international} international). Every fare is *true typical price × fare war × spike × exp(volatility × noise)*, or
the sale price during a planted sale.
- **True typical price** of a route, dates and moment: base fare × season (monthly factors, interpolated between
  mid-months) × holiday peaks (Christmas–New Year, Thanksgiving week, 4 July, Memorial and Labor Day weekends, spring
  break on sun routes) × trip kind (Fri→Sun weekend ×${WEEKEND_FACTOR}, Sat→Sat week-long ×${WEEK_LONG_FACTOR}, other
  lengths ×1, one way ×0.58) × advance-purchase curve (×1.45 on the day, ×1.13 two weeks out, ×0.97 two months out,
  ×1.05 eight months out) × the route's yearly trend.
- **Noise**: a standard normal in log price, symmetric, with no floor: a route-level part wandering over ~10 days
  (16 % of the variance), a date-pair part over ~4 days (42 %) and an independent part per scan (42 %), scaled by the
  route's volatility (6–11 %: low-cost-carrier markets move most).
- **Spikes**: ${SPIKES_PER_ROUTE_YEAR} a route-year; every fare of the route +15–40 % for 1–3 days.
- **Planted sales**: ${SALES_PER_ROUTE_YEAR} a route-year, lasting 1–5 days, each on 1–4 date pairs of the scan grid departing
  28–220 days later, ${depths} % deep (25 % twice as often); the sale fare is exactly that far below the true
  typical price. A sale never overlaps a spike or fare war of its route, nor another sale on the same dates.
- **The two worlds**: *stationary* has no trend and no fare war. *Trends and fare wars* gives each route a trend of
  ±5–15 % a year and, with chance ${WAR_CHANCE_PER_ROUTE_YEAR} per route-year, a fare war: the route's whole level
  20–35 % lower for 3–8 weeks (2 days down, 4 days back up).

**Truth.** An alert (a deal created, or re-alerted with its alert version bumped) is *real* when its fare was at
least 20 % below the true typical price of its route and dates at that moment (both in whole dollars, as fares are
quoted), else *false*. Fare wars and spikes are
not part of the typical price, so a fare-war fare 20 % below it counts as real. A *real drop* is a planted sale's
date pair at least 25 % deep that saves at least the dollar minimum ($50 domestic, $150 international) when the sale
starts; it is *detected* when its route and exact dates get an alert while the sale runs, and its *time to alert* is
from the sale's start to that alert. *Alerts per fare war* counts the route's alerts from the war's start to a week
after it is over. A *duplicate* is a re-alert of the same route and dates that only noise explains: no new planted sale
on those dates began since their previous alert, and the noise-free price (typical × fare war × spike, or the sale
price) did not fall by 10 % since then. A route-month is one route for 30.44 days.
Drops and wars count when they start and end inside the replayed year.

**Seeds.** Seed ${TUNE_SEED} is for tuning rules; seed ${HOLDOUT_SEED} is the holdout that judges them. The same seed gives the
same numbers (the runtime line aside).

**Rules compared**, all on the same stream of quotes:
- *deal rule v4* (decisions 055–059, 064, 083, 084, 088, 089, 093, 094, 095, 140 and 142 as a grid source applies it; 058 changes only sources that confirm cached prices, and 141 only answers that list a price history, not this grid), through the real scanner (docs/deal-rules.md "What counts as a deal" as \`detect.ts\` implements it);
- *rule v1*, the rule before issue 14's v2 through this same harness (typical range per route and departure month
  with all trip lengths pooled, 20 % domestic / 25 % international, one deal per dates until departure): not re-run,
  its ranges are copied from this file as it stood on 2026-11-24 (commit 781765b), summary only;
- *rule v3*, the rule before decision 084 (a drop alerted on its second sighting, about an hour after the first, with
  no hold of 3 hours): not re-run, its ranges are copied from this file as it stood on 2026-11-25 (commit ddf3b15),
  summary only;
- *${BASELINE_LABELS.mean60}* and *${BASELINE_LABELS.robustZ}*, judged right after each scan on that scan's
  quotes against the route's stored observations (daily minima, all dates pooled) of the 60 days before that day; each
  needs 20 observations and a departure at least 7 days away, and alerts with rule v1's de-duplication: one deal per
  route and dates until departure; the first qualifying fare alerts; a later one alerts again only when it is $25 or
  10 % below the last alerted price and 24 hours have passed since that alert.`;
}
