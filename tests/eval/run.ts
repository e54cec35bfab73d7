/**
 * `npm run eval:deals`: the deal rules measured on a replayed synthetic year (issue 14). By default both worlds
 * × the tuning and holdout seeds, 365 days each plus 4 fresh installs; prints the tables and writes
 * docs/deal-quality.md. Each world and seed runs in its own process, two at a time.
 *
 *   --quick              60 days and 2 fresh installs per run (a smoke test; nothing written)
 *   --world NAME         stationary or trends only
 *   --seed N             this seed only
 *   --days N             replay N days instead of 365
 *   --fresh-installs N   fresh installs per run (default 4)
 *   --write              write docs/deal-quality.md even for a partial run
 *   --jobs N             processes at a time (default: one per core, at most 4)
 */
import { availableParallelism, cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { evaluate, HOLDOUT_SEED, TUNE_SEED, type JobResult, type JobSpec } from "./evaluate.ts";
import { methodSection, reportBody, runtimeLines } from "./report.ts";
import type { WorldKind } from "./world-events.ts";

const REPORT_PATH = join(import.meta.dir, "../../docs/deal-quality.md");
const WORLDS: readonly WorldKind[] = ["stationary", "trends"];

const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    world: { type: "string" },
    seed: { type: "string" },
    days: { type: "string" },
    "fresh-installs": { type: "string" },
    write: { type: "boolean", default: false },
    jobs: { type: "string" },
    job: { type: "string" },
  },
});

function positiveInteger(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} wants a whole number ≥ 1, got ${text}`);
  return value;
}

/** A child process: one job, its result as JSON on stdout. */
async function runJobHere(encoded: string): Promise<void> {
  const spec = JSON.parse(encoded) as JobSpec;
  process.stdout.write(JSON.stringify(await evaluate(spec)));
}

async function runJobInChild(spec: JobSpec): Promise<JobResult> {
  const child = Bun.spawn([process.execPath, import.meta.path, "--job", JSON.stringify(spec)], { stdout: "pipe", stderr: "inherit" });
  const [output, exitCode] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  if (exitCode !== 0) throw new Error(`${spec.kind} world, seed ${spec.seed}: exited with ${exitCode}`);
  return JSON.parse(output) as JobResult;
}

/** Runs the jobs `parallel` at a time, keeping their order. */
async function runAll(specs: readonly JobSpec[], parallel: number): Promise<JobResult[]> {
  const results: JobResult[] = new Array(specs.length);
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const index = next++;
      const spec = specs[index]!;
      console.error(`[eval] ${spec.kind} world, seed ${spec.seed}: ${spec.days} days + ${spec.freshInstalls} fresh installs …`);
      results[index] = await runJobInChild(spec);
      console.error(
        `[eval] ${spec.kind} world, seed ${spec.seed}: done in ${(results[index].seconds.year + results[index].seconds.freshInstalls).toFixed(0)} s`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, specs.length) }, worker));
  return results;
}

async function main(): Promise<void> {
  if (flags.job) return runJobHere(flags.job);
  const world = flags.world as WorldKind | undefined;
  if (world !== undefined && !WORLDS.includes(world)) throw new Error(`--world is one of ${WORLDS.join(", ")}`);
  const seed = positiveInteger(flags.seed, "seed");
  const days = positiveInteger(flags.days, "days") ?? (flags.quick ? 60 : 365);
  const freshInstalls = positiveInteger(flags["fresh-installs"], "fresh-installs") ?? (flags.quick ? 2 : 4);
  const parallel = positiveInteger(flags.jobs, "jobs") ?? Math.min(4, availableParallelism());
  const partial = flags.quick || world !== undefined || seed !== undefined || flags.days !== undefined || flags["fresh-installs"] !== undefined;

  const specs: JobSpec[] = [];
  for (const kind of world ? [world] : WORLDS) {
    for (const s of seed !== undefined ? [seed] : [TUNE_SEED, HOLDOUT_SEED]) specs.push({ kind, seed: s, days, freshInstalls });
  }
  const started = performance.now();
  const loadAtStart = loadavg()[0]!;
  const jobs = await runAll(specs, parallel);
  const wallSeconds = (performance.now() - started) / 1000;

  const body = reportBody(jobs);
  const runtime =
    `Measured ${new Date().toISOString().slice(0, 10)}: ${wallSeconds.toFixed(0)} s wall clock for ${jobs.length} runs, ${parallel} at a time, ` +
    `on ${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Bun ${Bun.version}; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end.\n\n` +
    runtimeLines(jobs);
  console.log(`${body}\n\n${runtime}`);
  if (partial && !flags.write) {
    console.error("[eval] a partial run: docs/deal-quality.md left as it is (--write to replace it)");
    return;
  }
  await Bun.write(REPORT_PATH, `${methodSection()}\n\n${body}\n\n## Runtime\n\n${runtime}\n`);
  console.error(`[eval] wrote ${REPORT_PATH}`);
}

await main();
