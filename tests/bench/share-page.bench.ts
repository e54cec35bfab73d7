import { createApp } from "../../src/server/app.ts";
import { insertUser } from "../../src/server/auth/users.ts";
import { serveStaticFile } from "../../src/server/ssr/assets.ts";
import { renderShareImage } from "../../src/server/trips/share-image.ts";
import { insertDeal } from "../support/deals.ts";
import { TestClock } from "../support/test-clock.ts";
import { benchDeps, staticCopyOf } from "./bench-app.ts";
import { BROWSER_HEADERS, runLoadOnThisProcess, type InProcessLoadReport } from "./load-generator.ts";
import { formatCount, makeTempDir, removeTempDir } from "./support.ts";

export const SHARE_PAGE_GOAL_RATIO = 0.9;
export const SHARE_IMAGE_GOAL_MS = 100;
const SHARE_ID = "benchsharedealbenchsharede";
const STATIC_PATH = "/bench/static-share.html";
const ROUNDS = 3;
const IMAGE_RENDERS = 15;

export interface SharePageBenchResult {
  pageRequestsPerSecond: number;
  staticRequestsPerSecond: number;
  ratio: number;
  gzipBytes: number;
  /** The server's CPU time per request: a cross-check that background load on the machine barely moves. */
  pageCpuMicros: number;
  staticCpuMicros: number;
  imageFirstMs: number;
  imageMedianMs: number;
  imageMaxMs: number;
  /** CPU time of one image (this process), median: what the drawing costs when the machine is busy with other work. */
  imageCpuMedianMs: number;
}

async function loadOn(url: string, seconds: number, connections: number): Promise<InProcessLoadReport> {
  const report = await runLoadOnThisProcess({ targets: [{ url, headers: BROWSER_HEADERS }], connections, seconds, warmupSeconds: 1 });
  if (report.errors + report.non2xx > 0) throw new Error(`load on ${url} failed: ${report.firstProblem}`);
  return report;
}

/** Draws distinct images (no cache involved): the first pays for loading the wasm and fonts. */
async function timeImages(): Promise<Pick<SharePageBenchResult, "imageFirstMs" | "imageMedianMs" | "imageMaxMs" | "imageCpuMedianMs">> {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i <= IMAGE_RENDERS; i++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    await renderShareImage({
      destination: "LHR",
      destinationCity: "London",
      price: 380 + i,
      percentBelowTypical: 40,
      travelDates: "Fri, Jan 8 - Sun, Jan 17",
      ended: false,
    });
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - started);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const rest = times.slice(1);
  return { imageFirstMs: times[0]!, imageMedianMs: median(rest), imageMaxMs: Math.max(...rest), imageCpuMedianMs: median(cpuTimes.slice(1)) };
}

export async function benchSharePage(secondsPerRun = 3, connections = 64): Promise<SharePageBenchResult> {
  const folder = makeTempDir("share");
  const deps = await benchDeps(folder);
  const { config, db } = deps;
  const now = new Date();
  const member = insertUser(db, { email: "bench@example.com" }, now);
  const deal = insertDeal({ db, clock: new TestClock(now) }, { destination: "LHR", departDate: "2099-01-08", returnDate: "2099-01-17" });
  db.$client.query("INSERT INTO deal_shares (id, user_id, deal_id, created_at) VALUES (?, ?, ?, ?)").run(SHARE_ID, member.id, deal.id, now.getTime());

  const app = createApp(deps);
  const pagePath = `/deals/${SHARE_ID}`;
  const first = await app.handle(new Request(`${config.appUrl}${pagePath}`));
  if (first.status !== 200) throw new Error(`GET ${pagePath} answered ${first.status}`);
  const html = new Uint8Array(await first.arrayBuffer());
  const file = staticCopyOf(html);
  const server = app.get(STATIC_PATH, ({ request }) => serveStaticFile(file, request)).listen({ hostname: "127.0.0.1", port: 0 });
  const origin = `http://127.0.0.1:${server.server!.port}`;

  try {
    const page: InProcessLoadReport[] = [];
    const copy: InProcessLoadReport[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      copy.push(await loadOn(`${origin}${STATIC_PATH}`, secondsPerRun, connections));
      page.push(await loadOn(`${origin}${pagePath}`, secondsPerRun, connections));
    }
    const average = (reports: InProcessLoadReport[], pick = (report: InProcessLoadReport) => report.requestsPerSecond) =>
      reports.reduce((sum, report) => sum + pick(report), 0) / reports.length;
    const cpu = (report: InProcessLoadReport) => report.serverCpuMicrosPerRequest;
    return {
      pageRequestsPerSecond: average(page),
      staticRequestsPerSecond: average(copy),
      ratio: average(page) / average(copy),
      pageCpuMicros: average(page, cpu),
      staticCpuMicros: average(copy, cpu),
      gzipBytes: file.gzipped.byteLength,
      ...(await timeImages()),
    };
  } finally {
    await server.stop(true);
    db.$client.close();
    removeTempDir(folder);
  }
}

export function describeSharePage(result: SharePageBenchResult): string {
  return `${result.ratio.toFixed(2)} (${formatCount(result.pageRequestsPerSecond)} vs ${formatCount(result.staticRequestsPerSecond)} req/s)`;
}

export function describeShareImage(result: SharePageBenchResult): string {
  return `median ${result.imageMedianMs.toFixed(0)} ms (CPU ${result.imageCpuMedianMs.toFixed(0)} ms), max ${result.imageMaxMs.toFixed(0)} ms of ${IMAGE_RENDERS}`;
}

export function describeShareNotes(result: SharePageBenchResult): string {
  return (
    `Shared deal page: ${formatCount(result.gzipBytes)} B gzip; server CPU per request: page ${result.pageCpuMicros.toFixed(0)} µs, static copy ${result.staticCpuMicros.toFixed(0)} µs. ` +
    `Preview image: the first one also loads the wasm and fonts (${result.imageFirstMs.toFixed(0)} ms); each is then kept per deal version.`
  );
}

if (import.meta.main) {
  const [seconds, connections] = process.argv.slice(2).map(Number);
  const result = await benchSharePage(seconds || undefined, connections || undefined);
  console.log(
    `GET /deals/<id> (anonymous, ${formatCount(result.gzipBytes)} B gzip) vs the same bytes as a static file: ${describeSharePage(result)}; ` +
      `goal ≥ ${SHARE_PAGE_GOAL_RATIO}: ${result.ratio >= SHARE_PAGE_GOAL_RATIO ? "meets goal" : "MISSES goal"}`,
  );
  console.log(
    `Preview image: ${describeShareImage(result)}; goal < ${SHARE_IMAGE_GOAL_MS} ms: ${result.imageMedianMs < SHARE_IMAGE_GOAL_MS ? "meets goal" : "MISSES goal"}`,
  );
  console.log(describeShareNotes(result));
}
