/**
 * Cold start of the single executable (issue 7 goal: first 200 in under 300 ms): `npm run build`, then
 * dist/gordu is started several times, each from a fresh temporary directory (so a fresh database is
 * created and migrated), timing spawn → the first 200 on `/`. The executable is copied first, so a
 * rebuild by someone else meanwhile cannot swap it mid-run. After the first 200 the fresh install runs its boot scan
 * (a year of simulated history, then the market's past hours judged): `/api/me` is asked every 50 ms for 12 s and the
 * slowest answer kept, since a visitor's request waits for whatever the scan does without a pause.
 * Alone: `bun tests/bench/cold-start.bench.ts [runs]`.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { freePort, makeTempDir, removeTempDir, spawnChild, stopChild, waitForOk } from "./support.ts";

export interface ColdStartResult {
  medianMs: number;
  maxMs: number;
  runsMs: number[];
  /** The slowest answer to `/api/me` in the 12 s after the first 200, over all runs. */
  slowestDuringBootScanMs: number;
}

export const COLD_START_GOAL_MS = 300;
export const BOOT_SCAN_WAIT_GOAL_MS = 1000;
const BOOT_SCAN_WATCH_MS = 12_000;
const ROOT = resolve(import.meta.dir, "../..");

async function buildExecutable(): Promise<void> {
  const build = spawnChild(["npm", "run", "build"], { cwd: ROOT, stdout: "pipe", stderr: "pipe", timeoutMs: 300_000 });
  const [output, errors] = await Promise.all([new Response(build.stdout as ReadableStream).text(), new Response(build.stderr as ReadableStream).text()]);
  if ((await build.exited) !== 0) throw new Error(`npm run build failed:\n${output}\n${errors}`);
}

/** The slowest answer to `url` while it is asked every 50 ms for `forMs`. */
async function slowestAnswer(url: string, forMs: number): Promise<number> {
  const until = performance.now() + forMs;
  let slowest = 0;
  while (performance.now() < until) {
    const asked = performance.now();
    await (await fetch(url)).arrayBuffer();
    slowest = Math.max(slowest, performance.now() - asked);
    await Bun.sleep(50);
  }
  return slowest;
}

/** Milliseconds from spawning the executable in `workdir` to its first 200 on `/`, then the slowest answer during its boot scan. */
async function startAndWatch(executable: string, workdir: string): Promise<{ firstOkMs: number; slowestMs: number }> {
  const port = freePort();
  const started = performance.now();
  const server = spawnChild([executable], {
    cwd: workdir,
    env: { PATH: process.env.PATH ?? "", PORT: String(port), HOST: "127.0.0.1" },
    stdout: "ignore",
    stderr: "inherit",
    timeoutMs: 60_000,
  });
  try {
    const firstOkMs = await waitForOk(`http://127.0.0.1:${port}/`, 10_000, started);
    return { firstOkMs, slowestMs: await slowestAnswer(`http://127.0.0.1:${port}/api/me`, BOOT_SCAN_WATCH_MS) };
  } finally {
    await stopChild(server);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export async function benchColdStart(runs = 5, log: (line: string) => void = () => {}): Promise<ColdStartResult> {
  const folder = makeTempDir("cold-start");
  try {
    log("building dist/gordu (npm run build)…");
    await buildExecutable();
    const executable = join(folder, "gordu");
    copyFileSync(join(ROOT, "dist", "gordu"), executable);
    const runsMs: number[] = [];
    let slowestDuringBootScanMs = 0;
    for (let run = 1; run <= runs; run++) {
      const workdir = join(folder, `run-${run}`);
      mkdirSync(workdir);
      const { firstOkMs, slowestMs } = await startAndWatch(executable, workdir);
      runsMs.push(firstOkMs);
      slowestDuringBootScanMs = Math.max(slowestDuringBootScanMs, slowestMs);
    }
    return { medianMs: median(runsMs), maxMs: Math.max(...runsMs), runsMs, slowestDuringBootScanMs };
  } finally {
    removeTempDir(folder);
  }
}

export const describeColdStart = (result: ColdStartResult) =>
  `median ${Math.round(result.medianMs)} ms (max ${Math.round(result.maxMs)} ms, ${result.runsMs.length} runs)`;

if (import.meta.main) {
  const result = await benchColdStart(Number(process.argv[2] ?? 5), console.log);
  console.log(
    `Cold start of dist/gordu to its first 200: ${describeColdStart(result)}; runs ${result.runsMs.map(Math.round).join(", ")} ms; ` +
      `goal < ${COLD_START_GOAL_MS} ms: ${result.medianMs < COLD_START_GOAL_MS ? "meets goal" : "MISSES goal"}`,
  );
  console.log(`Slowest answer during the boot scan: ${Math.round(result.slowestDuringBootScanMs)} ms; goal < ${BOOT_SCAN_WAIT_GOAL_MS} ms`);
}
