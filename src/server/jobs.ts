import { deleteExpiredSessions } from "./auth/sessions.ts";
import { deleteExpiredPasswordTokens } from "./auth/tokens.ts";
import { purgeAbandonedSignups } from "./billing/abandoned-signups.ts";
import type { Deps } from "./deps.ts";
import { startFareScanner } from "./fares/scan-job.ts";
import { templatedEmailRenderers } from "./mail/email-templates.ts";
import { deliverAllDueEmails, purgeOutbox } from "./mail/outbox.ts";

interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown> | unknown;
}

/**
 * Hourly: sessions and reset links past their expiry, emails whose link expired before delivery, outbox rows past
 * their retention, and signups abandoned before payment.
 */
export async function purgeExpired(deps: Deps): Promise<void> {
  deleteExpiredSessions(deps.db, deps.clock.now());
  deleteExpiredPasswordTokens(deps.db, deps.clock.now());
  purgeOutbox(deps.db, deps.clock.now());
  await purgeAbandonedSignups(deps);
}

/**
 * Starts the in-process background work. A job never overlaps itself, and a failure is logged and retried
 * at the next tick, never fatal. Returns a stop function that waits for running work to finish.
 */
export function startJobs(deps: Deps): () => Promise<void> {
  const templates = templatedEmailRenderers(deps);
  const jobs: Job[] = [
    { name: "email delivery", everyMs: 1000, run: () => deliverAllDueEmails({ ...deps, templates }) },
    { name: "expired sessions, tokens, emails and signups purge", everyMs: 60 * 60_000, run: () => purgeExpired(deps) },
  ];
  const running = new Set<Promise<void>>();
  const busy = new Set<string>();
  let stopped = false;

  const tick = (job: Job) => {
    if (stopped || busy.has(job.name)) return;
    busy.add(job.name);
    const work = Promise.resolve()
      .then(job.run)
      .then(
        () => undefined,
        (error) => console.error(`[job] ${job.name} failed:`, error),
      )
      .finally(() => {
        busy.delete(job.name);
        running.delete(work);
      });
    running.add(work);
  };

  const timers = jobs.map((job) => setInterval(() => tick(job), job.everyMs));
  const stopFareScanner = startFareScanner(deps);
  return async () => {
    stopped = true;
    timers.forEach(clearInterval);
    await Promise.all([...running, stopFareScanner()]);
  };
}
