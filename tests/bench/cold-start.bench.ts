/**
 * Cold start of the single executable (issue 7 goal: first 200 in under 300 ms): `npm run build`, then
 * dist/gordu is started several times, each from a fresh temporary directory (so a fresh database is
 * created and migrated), timing spawn → the first 200 on `/`. The executable is copied first, so a
 * rebuild by someone else meanwhile cannot swap it mid-run. Alone: `bun tests/bench/cold-start.bench.ts [runs]`.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { freePort, makeTempDir, removeTempDir, spawnChild, stopChild, waitForOk } from "./support.ts";

export interface ColdStartResult {
  medianMs: number;
  maxMs: number;
  runsMs: number[];
}

export const COLD_START_GOAL_MS = 300;
const ROOT = resolve(import.meta.dir, "../..");

async function buildExecutable(): Promise<void> {
  const build = spawnChild(["npm", "run", "build"], { cwd: ROOT, stdout: "pipe", stderr: "pipe", timeoutMs: 300_000 });
  const [output, errors] = await Promise.all([new Response(build.stdout as ReadableStream).text(), new Response(build.stderr as ReadableStream).text()]);
  if ((await build.exited) !== 0) throw new Error(`npm run build failed:\n${output}\n${errors}`);
}

/** Milliseconds from spawning the executable in `workdir` to its first 200 on `/`. */
async function timeFirstOk(executable: string, workdir: string): Promise<number> {
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
    return await waitForOk(`http://127.0.0.1:${port}/`, 10_000, started);
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
    for (let run = 1; run <= runs; run++) {
      const workdir = join(folder, `run-${run}`);
      mkdirSync(workdir);
      runsMs.push(await timeFirstOk(executable, workdir));
    }
    return { medianMs: median(runsMs), maxMs: Math.max(...runsMs), runsMs };
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
}
