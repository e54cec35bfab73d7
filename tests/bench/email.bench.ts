/**
 * Alert emails delivered to a loopback SMTP server (issue 46 goal: at least 1,000 messages/s; issue 7 asked 500). One fan-out of
 * three deals to 10,000 subscribers queues 10,000 real deal-alert emails in the outbox; the real
 * `deliverDueEmails` renders each from the database and hands it to the real pooled SMTP mailer, round
 * after round until nothing is due. The SMTP server (smtp-sink.ts) runs in its own process and only counts.
 * Alone: `bun tests/bench/email.bench.ts [messages]`.
 */
import { join } from "node:path";
import { openDatabase, type Db } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { loadConfig } from "../../src/server/config.ts";
import { dealAlertRenderer } from "../../src/server/alerts/alert-email.ts";
import { DEAL_ALERT_KIND } from "../../src/server/alerts/alert-queue.ts";
import { fanOutOwedDeals } from "../../src/server/alerts/fan-out.ts";
import { createSmtpMailer } from "../../src/server/mail/mailer.ts";
import { deliverDueEmails, type DeliveryDeps } from "../../src/server/mail/outbox.ts";
import { insertDeal } from "../support/deals.ts";
import { TestClock } from "../support/test-clock.ts";
import { formatCount, makeTempDir, removeTempDir, spawnIpcChild, stopChild } from "./support.ts";

export interface EmailBenchResult {
  messagesPerSecond: number;
  seconds: number;
  sent: number;
  failed: number;
  /** What the SMTP server says it received. */
  received: number;
  bytesPerMessage: number;
  /** CPU time of this process (render + SMTP client) over the wall time of the delivery: near 1 means CPU-bound. */
  senderCpuShare: number;
}

export const EMAIL_GOAL_PER_SECOND = 1000;
export const EMAIL_BENCH_NOW = new Date("2026-11-22T15:00:00Z");
const NOW = EMAIL_BENCH_NOW;

/** Active subscribers with alerts on and preferences every bench deal fits. */
function insertSubscribers(db: Db, count: number): void {
  db.$client
    .query(
      `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $count)
       INSERT INTO users (email, first_name, last_name, unsubscribe_token, subscription_status, created_at, updated_at)
       SELECT 'alert' || i || '@example.com', 'Sam', 'Traveler', 'bench-unsubscribe-' || i, 'Active', $now, $now FROM seq`,
    )
    .run({ count, now: NOW.getTime() });
}

/** Queues `count` deal alerts the way a scan does: one fan-out, one email per subscriber. */
export async function queueAlerts(db: Db, clock: TestClock, count: number): Promise<void> {
  insertSubscribers(db, count);
  insertDeal({ db, clock }, { destination: "LAX", price: 199, airline: "Delta" });
  insertDeal({ db, clock }, { destination: "LHR", price: 429, airline: "American", typicalLow: 650, typicalHigh: 900 });
  insertDeal({ db, clock }, { destination: "MCO", price: 89, airline: "Southwest", typicalLow: 140, typicalHigh: 210 });
  const fanOut = await fanOutOwedDeals({ db, clock });
  if (fanOut.emails !== count) throw new Error(`the fan-out queued ${fanOut.emails} alert emails, expected ${count}`);
}

export const dueCount = (db: Db, now: Date) =>
  (
    db.$client.query("SELECT count(*) AS due FROM email_outbox WHERE status = 'queued' AND next_attempt_at <= $now").get({ now: now.getTime() }) as {
      due: number;
    }
  ).due;

export async function benchEmailDelivery(count = 10_000): Promise<EmailBenchResult> {
  const folder = makeTempDir("email");
  const sink = spawnIpcChild([process.execPath, join(import.meta.dir, "smtp-sink.ts")], { stdout: "inherit", stderr: "inherit", timeoutMs: 300_000 });
  try {
    const { port } = await sink.next<{ port: number }>();
    const config = loadConfig({ DATABASE_PATH: join(folder, "app.sqlite"), APP_URL: "https://gordu.example", SMTP_URL: `smtp://127.0.0.1:${port}` });
    const db = openDatabase(config.databasePath);
    migrateDatabase(db);
    const clock = new TestClock(NOW);
    await queueAlerts(db, clock, count);

    const mailer = createSmtpMailer(config.smtpUrl!);
    const deps: DeliveryDeps = { db, mailer, clock, config, templates: { [DEAL_ALERT_KIND]: dealAlertRenderer({ db, clock, config }) } };
    let sent = 0;
    let failed = 0;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    while (dueCount(db, clock.now()) > 0) {
      const round = await deliverDueEmails(deps);
      sent += round.sent;
      failed += round.failed;
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    await mailer.close();
    db.$client.close();

    const received = await sink.request<{ messages: number; bytes: number }>("count");
    return {
      messagesPerSecond: sent / seconds,
      seconds,
      sent,
      failed,
      received: received.messages,
      bytesPerMessage: received.messages > 0 ? received.bytes / received.messages : 0,
      senderCpuShare: (cpu.user + cpu.system) / 1e6 / seconds,
    };
  } finally {
    await stopChild(sink.process);
    removeTempDir(folder);
  }
}

export function describeEmail(result: EmailBenchResult): string {
  return (
    `${formatCount(result.messagesPerSecond)}/s (${formatCount(result.received)} received, ${(result.bytesPerMessage / 1000).toFixed(1)} kB each` +
    `${result.failed > 0 ? `, ${formatCount(result.failed)} failed` : ""})`
  );
}

export const emailMeetsGoal = (result: EmailBenchResult, count: number) =>
  result.messagesPerSecond >= EMAIL_GOAL_PER_SECOND && result.received === count && result.failed === 0;

if (import.meta.main) {
  const count = Number(process.argv[2] ?? 10_000);
  const result = await benchEmailDelivery(count);
  console.log(
    `${formatCount(count)} alert emails to a loopback SMTP server in ${result.seconds.toFixed(1)} s: ${describeEmail(result)}; ` +
      `goal ≥ ${EMAIL_GOAL_PER_SECOND}/s: ${emailMeetsGoal(result, count) ? "meets goal" : "MISSES goal"}; ` +
      `the sender used ${(result.senderCpuShare * 100).toFixed(0)} % of a core`,
  );
}
