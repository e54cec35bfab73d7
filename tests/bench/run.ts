/**
 * `npm run bench`: every benchmark of issues 2, 5, 7 and 46 in one run, on loopback, printed as one table with
 * each figure beside its goal and written to tests/bench/latest.md with the date and the machine. A bench
 * that fails shows as ERROR in its row and the others still run; the exit code is then 1. Each bench also
 * runs alone: `bun tests/bench/<name>.bench.ts`.
 */
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { benchClientSize, CLIENT_SIZE_GOALS, kilobytes } from "./client-size.bench.ts";
import { benchColdStart, BOOT_SCAN_WAIT_GOAL_MS, COLD_START_GOAL_MS, describeColdStart } from "./cold-start.bench.ts";
import { benchDealList, describeDealListCpu } from "./deals-list.bench.ts";
import { benchEmailDelivery, describeEmail, EMAIL_GOAL_PER_SECOND, emailMeetsGoal } from "./email.bench.ts";
import { benchJobLatency, describeJobLatency, JOB_LATENCY_GOAL_P99_MS, JOB_TITLES, JOBS, jobLatencyMeetsGoal } from "./jobs-latency.bench.ts";
import { benchLanding, describeLanding, describeLandingCpu, LANDING_GOAL_RATIO } from "./landing.bench.ts";
import { benchLighthouse, LIGHTHOUSE_CATEGORIES, LIGHTHOUSE_GOALS } from "./lighthouse.bench.ts";
import { benchLoad, describeLoadMemory, describeLoadThroughput, LOAD_MEMORY_GOAL, memoryIsStable } from "./load.bench.ts";
import { benchPriceHistory, PRICE_HISTORY_GOAL } from "./price-history.bench.ts";
import { benchScan, SCAN_GOALS } from "./scan.bench.ts";
import { benchSharePage, describeShareImage, describeShareNotes, describeSharePage, SHARE_IMAGE_GOAL_MS, SHARE_PAGE_GOAL_RATIO } from "./share-page.bench.ts";
import { formatCount } from "./support.ts";

type Verdict = "meets goal" | "MISSES" | "—" | "ERROR";

interface Row {
  measure: string;
  result: string;
  goal: string;
  verdict: Verdict;
}

interface Section {
  title: string;
  run(): Promise<{ rows: Row[]; notes?: string[] }>;
}

const verdict = (meets: boolean): Verdict => (meets ? "meets goal" : "MISSES");
const DEAL_LIST_GOAL_RATIO = 0.5;
const EMAILS = 10_000;
const log = (line: string) => console.log(`      ${line}`);

const sections: Section[] = [
  {
    title: "Landing page vs static file",
    async run() {
      const result = await benchLanding();
      return {
        rows: [
          {
            measure: "Landing page `/` vs static file of the same bytes, req/s (anonymous, gzip, 64 conn.)",
            result: describeLanding(result),
            goal: `≥ ${LANDING_GOAL_RATIO}`,
            verdict: verdict(result.ratio >= LANDING_GOAL_RATIO),
          },
        ],
        notes: [`Landing page: ${formatCount(result.htmlBytes)} B of HTML, ${formatCount(result.gzipBytes)} B gzip. ${describeLandingCpu(result)}`],
      };
    },
  },
  {
    title: "Recent deals page vs static file",
    async run() {
      const result = await benchLanding(undefined, undefined, "/deals");
      return {
        rows: [
          {
            measure: "Recent deals `/deals`, 24 deals, vs static file of the same bytes, req/s (anonymous, gzip, 64 conn.)",
            result: describeLanding(result),
            goal: `≥ ${LANDING_GOAL_RATIO}`,
            verdict: verdict(result.ratio >= LANDING_GOAL_RATIO),
          },
        ],
        notes: [`Recent deals page: ${formatCount(result.htmlBytes)} B of HTML, ${formatCount(result.gzipBytes)} B gzip. ${describeLandingCpu(result)}`],
      };
    },
  },
  {
    title: "Shared deal page vs static file, and its preview image",
    async run() {
      const result = await benchSharePage();
      return {
        rows: [
          {
            measure: "Shared deal page `/deals/<id>` vs static file of the same bytes, req/s (anonymous, gzip, 64 conn.)",
            result: describeSharePage(result),
            goal: `≥ ${SHARE_PAGE_GOAL_RATIO}`,
            verdict: verdict(result.ratio >= SHARE_PAGE_GOAL_RATIO),
          },
          {
            measure: "Shared deal preview image (1200×630 PNG: satori + resvg-wasm), one deal version",
            result: describeShareImage(result),
            goal: `< ${SHARE_IMAGE_GOAL_MS} ms`,
            verdict: verdict(result.imageMedianMs < SHARE_IMAGE_GOAL_MS),
          },
        ],
        notes: [describeShareNotes(result)],
      };
    },
  },
  {
    title: "Deals list vs precomputed JSON",
    async run() {
      const result = await benchDealList(500, 5, 64);
      return {
        rows: [
          {
            measure: "`GET /api/flight-deals`, 500 deals, vs the same JSON precomputed, req/s (64 conn.)",
            result: `${result.ratio.toFixed(2)} (${formatCount(result.requestsPerSecond)} vs ${formatCount(result.precomputedRequestsPerSecond)} req/s)`,
            goal: `≥ ${DEAL_LIST_GOAL_RATIO}`,
            verdict: verdict(result.ratio >= DEAL_LIST_GOAL_RATIO),
          },
        ],
        notes: [
          `Deals list: ${(result.bytes / 1000).toFixed(0)} kB of JSON; a bare Bun.serve answering the same bytes: ${formatCount(result.bareServerRequestsPerSecond)} req/s. ${describeDealListCpu(result)}`,
        ],
      };
    },
  },
  {
    title: "Scan + fan-out",
    async run() {
      const rows: Row[] = [];
      for (const subscribers of [10_000, 100_000]) {
        log(`${formatCount(subscribers)} subscribers…`);
        const result = await benchScan(subscribers);
        const goal = SCAN_GOALS[subscribers]!;
        const meets = result.seconds < goal.seconds && (goal.peakRssMb === undefined || result.peakRssMb < goal.peakRssMb);
        rows.push({
          measure: `Scan + fan-out, 81 routes, simulated source, ${formatCount(subscribers)} subscribers`,
          result: `${result.seconds.toFixed(2)} s, peak RSS ${result.peakRssMb.toFixed(0)} MB (${result.deals} deals, ${formatCount(result.matches)} matches)`,
          goal: `< ${goal.seconds} s${goal.peakRssMb ? `, RSS < ${goal.peakRssMb} MB` : ""}`,
          verdict: verdict(meets),
        });
      }
      return { rows };
    },
  },
  {
    title: "Price history of a year on the largest plan",
    async run() {
      const result = await benchPriceHistory();
      const seconds = result.loadSeconds + result.modelSeconds;
      return {
        rows: [
          {
            measure: `A discovery scan's price history: a year of SearchApi 35,000's daily minima read and modelled (${formatCount(result.rows)} rows)`,
            result: `${seconds.toFixed(1)} s (read ${result.loadSeconds.toFixed(1)}, models ${result.modelSeconds.toFixed(1)}), peak RSS ${result.peakRssMb.toFixed(0)} MB`,
            goal: `< ${PRICE_HISTORY_GOAL.seconds} s, RSS < ${formatCount(PRICE_HISTORY_GOAL.peakRssMb)} MB`,
            verdict: verdict(seconds < PRICE_HISTORY_GOAL.seconds && result.peakRssMb < PRICE_HISTORY_GOAL.peakRssMb),
          },
        ],
      };
    },
  },
  {
    title: "Requests while the background jobs run",
    async run() {
      const rows: Row[] = [];
      const notes: string[] = [];
      for (const job of JOBS) {
        log(`${JOB_TITLES[job]}…`);
        const result = await benchJobLatency(job);
        rows.push({
          measure: `\`/api/me\` + \`/api/flight-deals\` (signed in, probe in its own process) during ${JOB_TITLES[job]}`,
          result: describeJobLatency(result),
          goal: `p99 ≤ ${JOB_LATENCY_GOAL_P99_MS} ms`,
          verdict: verdict(jobLatencyMeetsGoal(result)),
        });
        notes.push(`During ${JOB_TITLES[job]}: ${result.work}.`);
      }
      return { rows, notes };
    },
  },
  {
    title: "Alert emails to loopback SMTP",
    async run() {
      const result = await benchEmailDelivery(EMAILS);
      return {
        rows: [
          {
            measure: `${formatCount(EMAILS)} deal-alert emails delivered to a loopback SMTP server`,
            result: describeEmail(result),
            goal: `≥ ${EMAIL_GOAL_PER_SECOND}/s, all received`,
            verdict: verdict(emailMeetsGoal(result, EMAILS)),
          },
        ],
        notes: [
          `Emails: \`deliverDueEmails\` called back to back until the outbox was empty (${result.seconds.toFixed(1)} s); the sender (rendering + SMTP client) used ${(result.senderCpuShare * 100).toFixed(0)} % of a core.`,
        ],
      };
    },
  },
  {
    title: "Landing JS and CSS sizes",
    async run() {
      const result = await benchClientSize();
      return {
        rows: [
          {
            measure: "Landing page JS, gzip (entry + static imports)",
            result: `${kilobytes(result.jsGzipBytes)} (${result.scripts.length} files)`,
            goal: `≤ ${kilobytes(CLIENT_SIZE_GOALS.jsBytes)}`,
            verdict: verdict(result.jsGzipBytes <= CLIENT_SIZE_GOALS.jsBytes),
          },
          {
            measure: "Landing page CSS, gzip (linked stylesheets)",
            result: `${kilobytes(result.cssGzipBytes)} (${result.stylesheets.length} files)`,
            goal: `≤ ${kilobytes(CLIENT_SIZE_GOALS.cssBytes)}`,
            verdict: verdict(result.cssGzipBytes <= CLIENT_SIZE_GOALS.cssBytes),
          },
        ],
        notes: [
          `JS floor: react-dom 19 + react-router's data router with nothing else (createBrowserRouter + RouterProvider + hydrateRoot, bundled the same way) is ${kilobytes(result.floorJsGzipBytes)} gzip` +
            (result.floorJsGzipBytes > CLIENT_SIZE_GOALS.jsBytes ? `, so the ${kilobytes(CLIENT_SIZE_GOALS.jsBytes)} goal cannot be met with this stack` : "") +
            `; the landing page's own code adds ${kilobytes(result.jsGzipBytes - result.floorJsGzipBytes)}. kB = 1,000 bytes.`,
        ],
      };
    },
  },
  {
    title: "Cold start of dist/gordu",
    async run() {
      const result = await benchColdStart(5, log);
      return {
        rows: [
          {
            measure: "Cold start of dist/gordu to its first 200 on `/` (fresh database)",
            result: describeColdStart(result),
            goal: `< ${COLD_START_GOAL_MS} ms`,
            verdict: verdict(result.medianMs < COLD_START_GOAL_MS),
          },
          {
            measure: "Slowest answer to `/api/me` while a fresh install's boot scan runs (asked every 50 ms for 12 s, all runs)",
            result: `${Math.round(result.slowestDuringBootScanMs)} ms`,
            goal: `< ${BOOT_SCAN_WAIT_GOAL_MS} ms`,
            verdict: verdict(result.slowestDuringBootScanMs < BOOT_SCAN_WAIT_GOAL_MS),
          },
        ],
      };
    },
  },
  {
    title: "Lighthouse",
    async run() {
      const result = await benchLighthouse();
      const rows = LIGHTHOUSE_CATEGORIES.map((category) => ({
        measure: `Lighthouse ${category} of \`/\` (${result.formFactor}, median of ${result.performanceRuns.length} runs)`,
        result: String(result.scores[category]),
        goal: LIGHTHOUSE_GOALS[category] === 100 ? "100" : `≥ ${LIGHTHOUSE_GOALS[category]}`,
        verdict: verdict(result.scores[category] >= LIGHTHOUSE_GOALS[category]),
      }));
      const shortfalls = LIGHTHOUSE_CATEGORIES.filter((category) => result.scores[category] < LIGHTHOUSE_GOALS[category]).map(
        (category) => `Lighthouse ${category} lost points on: ${result.shortfalls[category].join("; ")}.`,
      );
      const runs = `performance ${result.performanceRuns.join(", ")} in ${result.performanceRuns.length} runs`;
      return { rows, notes: [`Lighthouse (${result.formFactor}, default throttling; ${runs}), median run: ${result.metrics.join(", ")}.`, ...shortfalls] };
    },
  },
  {
    title: "Load: 200 connections for 30 s",
    async run() {
      const result = await benchLoad(30, 200, log);
      const growth = `after idle ≤ before + max(${LOAD_MEMORY_GOAL.growthRatio * 100} %, ${LOAD_MEMORY_GOAL.growthMb} MB)`;
      return {
        rows: [
          {
            measure: "Load: `/` + `/api/flight-deals` (100 deals), 200 conn. × 30 s — errors",
            result: `${result.errors} of ${formatCount(result.requests)} requests`,
            goal: "0",
            verdict: verdict(result.errors === 0),
          },
          { measure: "Load: throughput", result: describeLoadThroughput(result), goal: "—", verdict: "—" },
          {
            measure: "Load: server RSS before → right after → after 5 s idle + GC",
            result: describeLoadMemory(result),
            goal: growth,
            verdict: verdict(memoryIsStable(result)),
          },
        ],
        notes: result.firstProblem ? [`Load: first problem: ${result.firstProblem}.`] : [],
      };
    },
  },
];

function machine(): string {
  const cores = cpus();
  const ram = (totalmem() / 1024 ** 3).toFixed(1);
  return `${cores.length} cores (${cores[0]?.model.trim() ?? "unknown CPU"}), ${ram} GiB RAM, Bun ${Bun.version}, ${process.platform}-${process.arch}`;
}

function markdownTable(rows: Row[]): string {
  const header: Row = { measure: "measure", result: "result", goal: "goal", verdict: "verdict" as Verdict };
  const columns = ["measure", "result", "goal", "verdict"] as const;
  const widths = columns.map((column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [
    line(columns.map((column) => header[column])),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map((row) => line(columns.map((column) => row[column]))),
  ].join("\n");
}

async function main(): Promise<number> {
  const started = performance.now();
  const loadAverage = loadavg()[0]!.toFixed(1);
  console.log(`GoRDU benchmark — ${machine()}; load average ${loadAverage} at start`);
  const rows: Row[] = [];
  const notes: string[] = [];
  let failures = 0;

  for (const [index, section] of sections.entries()) {
    const sectionStarted = performance.now();
    console.log(`[${index + 1}/${sections.length}] ${section.title}…`);
    try {
      const outcome = await section.run();
      rows.push(...outcome.rows.map((row) => ({ ...row, measure: `${index + 1}. ${row.measure}` })));
      notes.push(...(outcome.notes ?? []));
      for (const row of outcome.rows) log(`${row.result} (goal ${row.goal}: ${row.verdict})`);
    } catch (error) {
      failures++;
      const message = error instanceof Error ? error.message : String(error);
      rows.push({ measure: `${index + 1}. ${section.title}`, result: `failed: ${message.split("\n")[0]}`, goal: "", verdict: "ERROR" });
      console.error(error);
    }
    log(`(${((performance.now() - sectionStarted) / 1000).toFixed(0)} s)`);
  }

  const table = markdownTable(rows);
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(`\n${table}\n\n${notes.map((note) => `- ${note}`).join("\n")}\n\n(${minutes} min)`);

  const when = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const body = [
    `\`npm run bench\`, ${when}, on ${machine()}; load average ${loadAverage} at start. All traffic on loopback; load from a separate process.`,
    "",
    table,
    "",
    ...notes.map((note) => `- ${note}`),
  ].join("\n");
  await Bun.write(join(import.meta.dir, "latest.md"), `# GoRDU benchmark: latest run\n\n${body}\n`);
  await recordInReadme(body);
  console.log("Written to tests/bench/latest.md and README.md");
  return failures > 0 ? 1 : 0;
}

/** README's "Benchmarks" section holds the latest table between two markers. */
async function recordInReadme(body: string): Promise<void> {
  const path = join(import.meta.dir, "../../README.md");
  const readme = await Bun.file(path).text();
  const section = /(<!-- bench:start -->\n)[\s\S]*?(\n<!-- bench:end -->)/;
  if (!section.test(readme)) throw new Error("README.md has no <!-- bench:start --> … <!-- bench:end --> section");
  await Bun.write(
    path,
    readme.replace(section, (_, start: string, end: string) => `${start}${body}${end}`),
  );
}

process.exit(await main());
