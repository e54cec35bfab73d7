import { describe, expect, test } from "bun:test";
import { emailOutbox } from "../../db/schema.ts";
import type { Mailer } from "../../src/server/mail/mailer.ts";
import { deliverDueEmails, queueEmail } from "../../src/server/mail/outbox.ts";
import { createTestApp } from "../support/test-app.ts";

/**
 * Sent messages are marked done 50 to a commit (decision 132). A process that dies between a mail server's
 * acceptance and that commit must lose nothing and repeat only the uncommitted sends, with their Message-IDs.
 */
function recordingMailer(hangOnCall?: number) {
  const accepted: string[] = [];
  let calls = 0;
  const mailer: Mailer = {
    description: "recording",
    send(email) {
      calls++;
      // The process "dies" here: this send never finishes, so the run never reaches its last commit.
      if (calls === hangOnCall) return new Promise<void>(() => {});
      accepted.push(`${email.to} ${email.messageId}`);
      return Promise.resolve();
    },
    close: async () => {},
  };
  return { mailer, accepted };
}

function queue(t: ReturnType<typeof createTestApp>, count: number) {
  for (let i = 0; i < count; i++) {
    queueEmail(t.deps.db, { kind: "test", to: `m${i}@example.com`, subject: `S${i}`, text: "t", html: "<p>t</p>" }, t.clock.now());
  }
}

const statuses = (t: ReturnType<typeof createTestApp>) => {
  const counts: Record<string, number> = {};
  for (const row of t.deps.db.select({ status: emailOutbox.status }).from(emailOutbox).all()) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return counts;
};

/** Lets the run go on until the mail server has accepted `count` messages (the run then waits on the hung send). */
async function untilAccepted(accepted: string[], count: number) {
  for (let turn = 0; turn < 1000 && accepted.length < count; turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe("a crash between sending and marking sent", () => {
  test("messages accepted before the first commit stay queued and go again with the same Message-ID; none is lost", async () => {
    const first = recordingMailer(31);
    const t = createTestApp({}, { mailer: first.mailer });
    queue(t, 40);
    void deliverDueEmails(t.deps);
    await untilAccepted(first.accepted, 39);
    expect(first.accepted).toHaveLength(39);
    expect(statuses(t)).toEqual({ queued: 40 });

    const restarted = recordingMailer();
    t.deps.mailer = restarted.mailer;
    expect(await deliverDueEmails(t.deps)).toEqual({ sent: 40, failed: 0, skipped: 0 });
    expect(restarted.accepted).toEqual(expect.arrayContaining(first.accepted));
    expect(statuses(t)).toEqual({ sent: 40 });
    expect(await deliverDueEmails(t.deps)).toEqual({ sent: 0, failed: 0, skipped: 0 });
  });

  test("messages already committed are not sent again: a crash repeats at most the sends since the last commit", async () => {
    const first = recordingMailer(121);
    const t = createTestApp({}, { mailer: first.mailer });
    queue(t, 130);
    void deliverDueEmails(t.deps);
    await untilAccepted(first.accepted, 129);
    expect(first.accepted).toHaveLength(129);
    expect(statuses(t)).toEqual({ sent: 100, queued: 30 });

    const restarted = recordingMailer();
    t.deps.mailer = restarted.mailer;
    expect(await deliverDueEmails(t.deps)).toEqual({ sent: 30, failed: 0, skipped: 0 });
    expect(new Set([...first.accepted, ...restarted.accepted]).size).toBe(130);
    expect(statuses(t)).toEqual({ sent: 130 });
  });
});
