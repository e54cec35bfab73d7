/**
 * The HTTP load generator every benchmark uses: `connections` keep-alive loops of GET requests for a fixed
 * time, in a process of its own so it never shares the server's thread. Connections are spread round-robin
 * over the targets. Bodies are read but not decompressed, as a browser's network stack would hand them over.
 * Alone: `bun tests/bench/load-generator.ts '<LoadOptions as JSON>'`.
 */
import { runJsonChild } from "./support.ts";

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
}

export interface LoadOptions {
  targets: LoadTarget[];
  connections: number;
  seconds: number;
  /** Requests in this first stretch are not counted in requests/s (errors still are). */
  warmupSeconds?: number;
}

export interface LoadResult {
  /** Completed requests in the measured window, any status. */
  requests: number;
  requestsPerSecond: number;
  /** Answers other than 2xx, over the whole run. */
  non2xx: number;
  /** Requests that got no answer (refused, reset, timed out), over the whole run. */
  errors: number;
  /** The first error or unexpected status, to say what went wrong. */
  firstProblem: string | null;
  /** Average body bytes on the wire. */
  bytesPerResponse: number;
}

export interface LoadReport extends LoadResult {
  byTarget: LoadResult[];
  /** Every completed request, warm-up included. */
  allRequests: number;
}

export interface InProcessLoadReport extends LoadReport {
  /** CPU time this process (the server) spent per request, warm-up included: barely moved by other work on the machine. */
  serverCpuMicrosPerRequest: number;
  /** The server's CPU time over the wall time of the run: near 1 means the server was the bottleneck. */
  serverCpuShare: number;
}

/** A browser-like request: it accepts compressed bodies. */
export const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };

/** Runs the load from a separate process and returns what it measured. */
export function runLoad(options: LoadOptions): Promise<LoadReport> {
  const limitMs = ((options.warmupSeconds ?? 0) + options.seconds + 60) * 1000;
  return runJsonChild<LoadReport>([process.execPath, import.meta.path, JSON.stringify(options)], limitMs);
}

/** `runLoad` against a server listening in this very process, with the server's CPU cost per request. */
export async function runLoadOnThisProcess(options: LoadOptions): Promise<InProcessLoadReport> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const report = await runLoad(options);
  const wallMicros = (performance.now() - started) * 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMicros = cpu.user + cpu.system;
  return { ...report, serverCpuMicrosPerRequest: cpuMicros / Math.max(1, report.allRequests), serverCpuShare: cpuMicros / wallMicros };
}

class Tally {
  requests = 0;
  allRequests = 0;
  non2xx = 0;
  errors = 0;
  bytes = 0;
  firstProblem: string | null = null;

  result(seconds: number): LoadResult {
    return {
      requests: this.requests,
      requestsPerSecond: this.requests / seconds,
      non2xx: this.non2xx,
      errors: this.errors,
      firstProblem: this.firstProblem,
      bytesPerResponse: this.requests > 0 ? this.bytes / this.requests : 0,
    };
  }
}

async function generateLoad(options: LoadOptions): Promise<LoadReport> {
  const started = performance.now();
  const measureFrom = started + (options.warmupSeconds ?? 0) * 1000;
  const deadline = measureFrom + options.seconds * 1000;
  const tallies = options.targets.map(() => new Tally());

  const connection = async (index: number) => {
    const target = options.targets[index % options.targets.length]!;
    const tally = tallies[index % options.targets.length]!;
    while (performance.now() < deadline) {
      try {
        const response = await fetch(target.url, { headers: target.headers, decompress: false });
        const body = await response.arrayBuffer();
        if (response.status < 200 || response.status > 299) {
          tally.non2xx++;
          tally.firstProblem ??= `${target.url}: status ${response.status}`;
        }
        tally.allRequests++;
        if (performance.now() >= measureFrom) {
          tally.requests++;
          tally.bytes += body.byteLength;
        }
      } catch (error) {
        tally.errors++;
        tally.firstProblem ??= `${target.url}: ${error instanceof Error ? error.message : String(error)}`;
        await Bun.sleep(10);
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, index) => connection(index)));

  const seconds = (performance.now() - measureFrom) / 1000;
  const byTarget = tallies.map((tally) => tally.result(seconds));
  const total = new Tally();
  for (const tally of tallies) {
    total.requests += tally.requests;
    total.allRequests += tally.allRequests;
    total.non2xx += tally.non2xx;
    total.errors += tally.errors;
    total.bytes += tally.bytes;
    total.firstProblem ??= tally.firstProblem;
  }
  return { ...total.result(seconds), byTarget, allRequests: total.allRequests };
}

if (import.meta.main) {
  console.log(JSON.stringify(await generateLoad(JSON.parse(process.argv[2]!) as LoadOptions)));
}
