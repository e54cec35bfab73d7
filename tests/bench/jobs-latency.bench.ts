/**
 * A member's requests while the background jobs run (issue 46): the real app listens in this process and runs a job
 * the way the job runner does in production (src/server/jobs.ts: the scan and the fan-out on their thread, decision
 * 121), while a probe in a process of its own (latency-probe.ts) asks
 * `/api/me` and `/api/flight-deals` with a signed-in cookie and keeps every answer's time. Four jobs, each on a database
 * file of its own: a fresh install's boot scan (a year of simulated history, the past hours judged, the first scan);
 * a fan-out of 5 deals to 100,000 subscribers (scan.bench.ts's mix); 10,000 alert emails delivered to a loopback SMTP
 * server in its own process; and a burst of preview images (an anonymous client in its own process asking for 30
 * shared deals' images, 8 at a time, for 5 s). Goal: p99 ≤ 50 ms during each.
 * Alone: `bun tests/bench/jobs-latency.bench.ts [boot-scan|fan-out|emails|preview-images ...]`.
 */
import { join } from "node:path";
import { HOUR_MS } from "../../src/domain/calendar.ts";
import { DEAL_RULES } from "../../src/domain/deal-rules.ts";
import { createApp } from "../../src/server/app.ts";
import { findUserById } from "../../src/server/auth/users.ts";
import type { Deps } from "../../src/server/deps.ts";
import { loadConfig } from "../../src/server/config.ts";
import { storeObservations } from "../../src/server/fares/judge/observations.ts";
import { runScan } from "../../src/server/fares/scanner.ts";
import { emailRenderers, scanWorkOnThread } from "../../src/server/jobs.ts";
import { createSmtpMailer } from "../../src/server/mail/mailer.ts";
import { deliverAllDueEmails } from "../../src/server/mail/outbox.ts";
import { insertDeal } from "../support/deals.ts";
import { TestClock } from "../support/test-clock.ts";
import { addDeals, addMember, mintSession } from "../support/world/world.ts";
import { benchDeps } from "./bench-app.ts";
import { dueCount, EMAIL_BENCH_NOW, queueAlerts } from "./email.bench.ts";
import { runLoad } from "./load-generator.ts";
import type { ProbeOptions, ProbeResult } from "./latency-probe.ts";
import { insertAlertSettings, insertSubscribers } from "./scan.bench.ts";
import { formatCount, makeTempDir, removeTempDir, runJsonChild, spawnIpcChild, stopChild } from "./support.ts";

export const JOB_LATENCY_GOAL_P99_MS = 50;
export const JOBS = ["boot-scan", "fan-out", "emails", "preview-images"] as const;
export type JobName = (typeof JOBS)[number];

export const JOB_TITLES: Record<JobName, string> = {
  "boot-scan": "a fresh install's boot scan",
  "fan-out": "a fan-out to 100,000 subscribers",
  emails: "10,000 alert emails to loopback SMTP",
  "preview-images": "a burst of preview images (30 deals, 8 conn. × 5 s)",
};

export interface JobLatencyResult extends ProbeResult {
  job: JobName;
  /** How long the job ran while the probe asked. */
  jobSeconds: number;
  /** What the job did, in a few words. */
  work: string;
}

const FAN_OUT_SUBSCRIBERS = 100_000;
const EMAILS = 10_000;
const BENCH_NOW = new Date("2026-11-22T15:00:00Z");

interface Served {
  origin: string;
  cookie: string;
  stop(): Promise<void>;
}

/** The real app on a loopback port, and a signed-in member's cookie. */
async function serve(deps: Deps): Promise<Served> {
  const member = await addMember(deps, { email: "probe@example.com" });
  addDeals(deps, member.id, { count: 50 });
  const session = mintSession(deps, member.id);
  const app = createApp(deps).listen({ hostname: "127.0.0.1", port: 0, maxRequestBodySize: Number.MAX_SAFE_INTEGER });
  return {
    origin: `http://127.0.0.1:${app.server!.port}`,
    cookie: `${session.name}=${session.value}`,
    stop: async () => {
      await app.stop();
    },
  };
}

/** Runs `job` while the probe asks; the probe's figures and the job's own words. */
async function whileProbing(name: JobName, served: Served, job: () => Promise<string>): Promise<JobLatencyResult> {
  const headers = { cookie: served.cookie };
  const options: ProbeOptions = {
    targets: [
      { url: `${served.origin}/api/me`, headers },
      { url: `${served.origin}/api/flight-deals`, headers },
    ],
    loops: 2,
    pauseMs: 5,
  };
  const probe = spawnIpcChild([process.execPath, join(import.meta.dir, "latency-probe.ts"), JSON.stringify(options)], {
    stdout: "inherit",
    stderr: "inherit",
    timeoutMs: 600_000,
  });
  try {
    await probe.next();
    const started = performance.now();
    const work = await job();
    const jobSeconds = (performance.now() - started) / 1000;
    const result = await probe.request<ProbeResult>("stop");
    return { job: name, jobSeconds, work, ...result };
  } finally {
    await stopChild(probe.process);
  }
}

async function bootScan(folder: string): Promise<JobLatencyResult> {
  const deps = await benchDeps(folder);
  const served = await serve(deps);
  try {
    return await whileProbing("boot-scan", served, async () => {
      const work = scanWorkOnThread(deps.config, { kind: "system" }, () => {});
      const summary = await work.scan(false);
      await work.stop();
      if (summary.status !== "succeeded") throw new Error(`the boot scan failed: ${summary.errors.join("; ")}`);
      return `${summary.quotes.toLocaleString("en-US")} quotes, ${summary.newDeals} new deals`;
    });
  } finally {
    await served.stop();
    deps.db.$client.close();
  }
}

/** scan.bench.ts's setup, without its fan-out: the timed scan's deals are owed to 100,000 subscribers. */
async function fanOut(folder: string): Promise<JobLatencyResult> {
  const base = await benchDeps(folder);
  const clock = new TestClock(new Date(BENCH_NOW.getTime() - DEAL_RULES.dropHoldsHours * HOUR_MS));
  const deps: Deps = { ...base, clock };
  const { db, fares } = deps;
  db.transaction(() => storeObservations(db, fares.pastObservations!(BENCH_NOW)));
  await runScan(deps, { log: () => {} });
  clock.set(BENCH_NOW);
  insertSubscribers(db, FAN_OUT_SUBSCRIBERS, BENCH_NOW);
  insertAlertSettings(db, BENCH_NOW);
  const summary = await runScan(deps, { log: () => {} });
  if (summary.newDeals + summary.realerted === 0) throw new Error("the scan alerted no deal: nothing to fan out");
  const served = await serve(deps);
  try {
    return await whileProbing("fan-out", served, async () => {
      const work = scanWorkOnThread(deps.config, { kind: "fixed", at: BENCH_NOW.getTime() }, () => {});
      const result = await work.resumeFanOut();
      await work.stop();
      return `${result.deals} deals, ${formatCount(result.matches)} matches, ${formatCount(result.emails)} emails`;
    });
  } finally {
    await served.stop();
    db.$client.close();
  }
}

async function emails(folder: string): Promise<JobLatencyResult> {
  const sink = spawnIpcChild([process.execPath, join(import.meta.dir, "smtp-sink.ts")], { stdout: "inherit", stderr: "inherit", timeoutMs: 600_000 });
  try {
    const { port } = await sink.next<{ port: number }>();
    const base = await benchDeps(folder);
    const clock = new TestClock(EMAIL_BENCH_NOW);
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`);
    const deps: Deps = { ...base, clock, mailer, config: loadConfig({ ...process.env, DATABASE_PATH: base.config.databasePath, APP_URL: base.config.appUrl }) };
    await queueAlerts(deps.db, clock, EMAILS);
    const served = await serve(deps);
    try {
      return await whileProbing("emails", served, async () => {
        // The email job, back to back (it runs every second and sends until nothing is due).
        const templates = emailRenderers(deps);
        let sent = 0;
        while (dueCount(deps.db, clock.now()) > 0) sent += (await deliverAllDueEmails({ ...deps, templates })).sent;
        const received = await sink.request<{ messages: number }>("count");
        return `${formatCount(sent)} sent, ${formatCount(received.messages)} received`;
      });
    } finally {
      await served.stop();
      await mailer.close();
      deps.db.$client.close();
    }
  } finally {
    await stopChild(sink.process);
  }
}

async function previewImages(folder: string): Promise<JobLatencyResult> {
  const deps = await benchDeps(folder);
  const served = await serve(deps);
  const owner = findUserById(deps.db, 1)!;
  const now = deps.clock.now();
  const urls: string[] = [];
  for (let i = 0; i < 30; i++) {
    const month = `2099-0${1 + Math.floor(i / 10)}`;
    const day = 10 + (i % 10);
    const deal = insertDeal(deps, { destination: "LHR", price: 300 + i, departDate: `${month}-${day}`, returnDate: `${month}-${day + 7}` });
    // A share id is 26 letters of base32 (deal-shares.ts).
    const id = `benchimage${"abcdefghijklmnopqrstuvwxyz234567"[i]!.repeat(16)}`;
    deps.db.$client.query("INSERT INTO deal_shares (id, user_id, deal_id, created_at) VALUES (?, ?, ?, ?)").run(id, owner.id, deal.id, now.getTime());
    urls.push(`${served.origin}/deals/${id}/image.png`);
  }
  try {
    return await whileProbing("preview-images", served, async () => {
      const burst = await runLoad({ targets: urls.map((url) => ({ url })), connections: 8, seconds: 5 });
      if (burst.non2xx === burst.allRequests) throw new Error(`no preview image was served (${burst.firstProblem}): the burst measured nothing`);
      const byStatus = burst.firstProblem ? `; first refusal: ${burst.firstProblem}` : "";
      return `${formatCount(burst.allRequests)} image requests, ${formatCount(burst.non2xx)} refused${byStatus}`;
    });
  } finally {
    await served.stop();
    deps.db.$client.close();
  }
}

const RUNS: Record<JobName, (folder: string) => Promise<JobLatencyResult>> = {
  "boot-scan": bootScan,
  "fan-out": fanOut,
  emails,
  "preview-images": previewImages,
};

/** One job, measured in a fresh process (its memory and its loop its own). */
export function benchJobLatency(job: JobName): Promise<JobLatencyResult> {
  return runJsonChild<JobLatencyResult>([process.execPath, import.meta.path, "--child", job], 600_000);
}

export const describeJobLatency = (result: JobLatencyResult) =>
  `p99 ${result.p99Ms.toFixed(0)} ms (p50 ${result.p50Ms.toFixed(1)}, max ${result.maxMs.toFixed(0)}; ${formatCount(result.requests)} requests` +
  `${result.problems > 0 ? `, ${formatCount(result.problems)} failed` : ""}; job ${result.jobSeconds.toFixed(1)} s)`;

export const jobLatencyMeetsGoal = (result: JobLatencyResult) => result.p99Ms <= JOB_LATENCY_GOAL_P99_MS && result.problems === 0;

if (import.meta.main) {
  const args = process.argv.slice(2);
  if (args[0] === "--child") {
    const folder = makeTempDir("jobs-latency");
    try {
      console.log(JSON.stringify(await RUNS[args[1] as JobName](folder)));
    } finally {
      removeTempDir(folder);
    }
  } else {
    const jobs = (args.length > 0 ? args : JOBS) as JobName[];
    for (const job of jobs) {
      const result = await benchJobLatency(job);
      console.log(
        `/api/me + /api/flight-deals during ${JOB_TITLES[job]}: ${describeJobLatency(result)}; ${result.work}; ` +
          `goal p99 ≤ ${JOB_LATENCY_GOAL_P99_MS} ms: ${jobLatencyMeetsGoal(result) ? "meets goal" : "MISSES goal"}` +
          (result.firstProblem ? `; first problem: ${result.firstProblem}` : ""),
      );
    }
  }
}
