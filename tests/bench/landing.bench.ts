import { createApp } from "../../src/server/app.ts";
import { serveStaticFile } from "../../src/server/ssr/assets.ts";
import { benchDeps, staticCopyOf } from "./bench-app.ts";
import { BROWSER_HEADERS, runLoadOnThisProcess, type InProcessLoadReport } from "./load-generator.ts";
import { formatCount, makeTempDir, removeTempDir } from "./support.ts";
import { DAY_MS } from "../../src/domain/calendar.ts";
import { RECENT_DEALS_LIMIT } from "../../src/server/deals/recent-deals.ts";
import { insertDeal } from "../support/deals.ts";

export interface LandingBenchResult {
  landingRequestsPerSecond: number;
  staticRequestsPerSecond: number;
  ratio: number;
  /** The server's CPU time per request: a cross-check that background load on the machine barely moves. */
  landingCpuMicros: number;
  staticCpuMicros: number;
  /** The highest share of one core the server used during a run: well below 1, the load generator was the limit. */
  serverCpuShare: number;
  htmlBytes: number;
  gzipBytes: number;
}

export const LANDING_GOAL_RATIO = 0.9;
const STATIC_PATH = "/bench/static-landing.html";
const ROUNDS = 3;

/** Both URLs must answer 200 with the same number of gzip bytes, or the comparison is meaningless. */
async function checkSameAnswer(landingUrl: string, staticUrl: string): Promise<void> {
  const sizes: number[] = [];
  for (const url of [landingUrl, staticUrl]) {
    const response = await fetch(url, { headers: BROWSER_HEADERS, decompress: false });
    const body = await response.arrayBuffer();
    if (response.status !== 200 || response.headers.get("content-encoding") !== "gzip") {
      throw new Error(`${url} answered ${response.status} (${response.headers.get("content-encoding") ?? "not gzipped"})`);
    }
    sizes.push(body.byteLength);
  }
  if (sizes[0] !== sizes[1]) throw new Error(`the landing page (${sizes[0]} B) and its static copy (${sizes[1]} B) differ in size`);
}

async function loadOn(url: string, seconds: number, connections: number): Promise<InProcessLoadReport> {
  const report = await runLoadOnThisProcess({ targets: [{ url, headers: BROWSER_HEADERS }], connections, seconds, warmupSeconds: 1 });
  if (report.errors + report.non2xx > 0) throw new Error(`load on ${url} failed: ${report.firstProblem}`);
  return report;
}

const average = (reports: InProcessLoadReport[], pick: (report: InProcessLoadReport) => number) =>
  reports.reduce((sum, report) => sum + pick(report), 0) / reports.length;

/**
 * A public page a visitor gets (the landing page by default; `/deals` with 24 recent deals, issue 48) against the same
 * bytes served as a static file.
 */
export async function benchLanding(secondsPerRun = 3, connections = 64, path = "/"): Promise<LandingBenchResult> {
  const folder = makeTempDir("landing");
  const deps = await benchDeps(folder);
  const { config, db } = deps;
  if (path === "/deals") {
    for (let day = 3; day < 3 + RECENT_DEALS_LIMIT; day++) insertDeal(deps, { firstFoundAt: new Date(deps.clock.now().getTime() - day * DAY_MS) });
  }
  const app = createApp(deps);
  const first = await app.handle(new Request(`${config.appUrl}${path}`));
  if (first.status !== 200) throw new Error(`GET ${path} answered ${first.status}`);
  const html = new Uint8Array(await first.arrayBuffer());
  const file = staticCopyOf(html);
  const server = app.get(STATIC_PATH, ({ request }) => serveStaticFile(file, request)).listen({ hostname: "127.0.0.1", port: 0 });
  const origin = `http://127.0.0.1:${server.server!.port}`;

  try {
    await checkSameAnswer(`${origin}${path}`, `${origin}${STATIC_PATH}`);
    const landing: InProcessLoadReport[] = [];
    const copy: InProcessLoadReport[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      copy.push(await loadOn(`${origin}${STATIC_PATH}`, secondsPerRun, connections));
      landing.push(await loadOn(`${origin}${path}`, secondsPerRun, connections));
    }
    const rps = (report: InProcessLoadReport) => report.requestsPerSecond;
    const cpu = (report: InProcessLoadReport) => report.serverCpuMicrosPerRequest;
    return {
      landingRequestsPerSecond: average(landing, rps),
      staticRequestsPerSecond: average(copy, rps),
      ratio: average(landing, rps) / average(copy, rps),
      landingCpuMicros: average(landing, cpu),
      staticCpuMicros: average(copy, cpu),
      serverCpuShare: Math.max(...[...landing, ...copy].map((report) => report.serverCpuShare)),
      htmlBytes: html.byteLength,
      gzipBytes: file.gzipped!.byteLength,
    };
  } finally {
    await server.stop(true);
    db.$client.close();
    removeTempDir(folder);
  }
}

export function describeLanding(result: LandingBenchResult): string {
  return `${result.ratio.toFixed(2)} (${formatCount(result.landingRequestsPerSecond)} vs ${formatCount(result.staticRequestsPerSecond)} req/s)`;
}

export function describeLandingCpu(result: LandingBenchResult): string {
  return (
    `Server CPU per request: landing ${result.landingCpuMicros.toFixed(0)} µs, static copy ${result.staticCpuMicros.toFixed(0)} µs ` +
    `(ratio ${(result.staticCpuMicros / result.landingCpuMicros).toFixed(2)}); the server used at most ${(result.serverCpuShare * 100).toFixed(0)} % of a core.`
  );
}

if (import.meta.main) {
  const [seconds, connections] = process.argv.slice(2, 4).map(Number);
  const path = process.argv[4] ?? "/";
  const result = await benchLanding(seconds || undefined, connections || undefined, path);
  console.log(
    `GET ${path} (anonymous, ${formatCount(result.htmlBytes)} B HTML, ${formatCount(result.gzipBytes)} B gzip) vs the same bytes as a static file: ` +
      `${describeLanding(result)}; goal ≥ ${LANDING_GOAL_RATIO}: ${result.ratio >= LANDING_GOAL_RATIO ? "meets goal" : "MISSES goal"}`,
  );
  console.log(describeLandingCpu(result));
}
