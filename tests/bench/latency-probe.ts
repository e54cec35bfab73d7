/**
 * A member's requests while a job runs: a process of its own (so it never shares the server's thread) asks the targets
 * in turn, one request at a time per loop with a short pause between, and keeps every answer's time. It sends `ready`
 * over IPC once it has started, and its figures when it is sent "stop".
 * Started by jobs-latency.bench.ts: `bun tests/bench/latency-probe.ts '<ProbeOptions as JSON>'`.
 */
import type { LoadTarget } from "./load-generator.ts";

export interface ProbeOptions {
  targets: LoadTarget[];
  /** Loops asking at the same time. */
  loops: number;
  /** Pause after each answer, per loop. */
  pauseMs: number;
}

export interface ProbeResult {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers other than 2xx, and requests with no answer. */
  problems: number;
  firstProblem: string | null;
}

/** The value below which `share` of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

async function probe(options: ProbeOptions): Promise<void> {
  const times: number[] = [];
  let problems = 0;
  let firstProblem: string | null = null;
  let stopping = false;

  const loop = async (index: number) => {
    for (let turn = index; !stopping; turn++) {
      const target = options.targets[turn % options.targets.length]!;
      const asked = performance.now();
      try {
        const response = await fetch(target.url, { headers: target.headers });
        await response.arrayBuffer();
        times.push(performance.now() - asked);
        if (response.status < 200 || response.status > 299) {
          problems++;
          firstProblem ??= `${target.url}: status ${response.status}`;
        }
      } catch (error) {
        problems++;
        firstProblem ??= `${target.url}: ${error instanceof Error ? error.message : String(error)}`;
      }
      await Bun.sleep(options.pauseMs);
    }
  };

  const loops = Array.from({ length: options.loops }, (_, index) => loop(index));
  process.on("message", async (message) => {
    if (message !== "stop") return;
    stopping = true;
    await Promise.all(loops);
    const sorted = [...times].sort((a, b) => a - b);
    const result: ProbeResult = {
      requests: sorted.length,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      maxMs: sorted.at(-1) ?? 0,
      problems,
      firstProblem,
    };
    process.send!(result);
  });
  process.send!("ready");
}

if (import.meta.main) await probe(JSON.parse(process.argv[2]!) as ProbeOptions);
