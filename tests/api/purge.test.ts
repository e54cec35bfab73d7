import { describe, expect, test } from "bun:test";
import { passwordResetTokens, sessions } from "../../db/schema.ts";
import { issuePasswordToken } from "../../src/server/auth/tokens.ts";
import { purgeExpired } from "../../src/server/jobs.ts";
import { PURGE_CHUNK_ROWS } from "../../src/server/mail/outbox-purge.ts";
import { createTestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

const DAY = 24 * 60 * 60_000;

describe("the hourly purge", () => {
  test("removes sessions idle past 30 days and reset links past their hour; live ones stay", async () => {
    const t = createTestApp();
    const idle = await createUser(t);
    const active = await createUser(t);
    await signIn(t, idle.email);
    issuePasswordToken(t.db, idle.id, "reset", t.clock.now());

    t.clock.advance(31 * DAY);
    await signIn(t, active.email);
    issuePasswordToken(t.db, active.id, "reset", t.clock.now());
    await purgeExpired(t.deps);

    expect(t.db.select({ userId: sessions.userId }).from(sessions).all()).toEqual([{ userId: active.id }]);
    expect(t.db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).all()).toEqual([{ userId: active.id }]);
  });
});

describe("the outbox purge (decision 121)", () => {
  test("removes rows past their retention a chunk at a time, letting other work run between chunks", async () => {
    const t = createTestApp();
    const now = t.clock.now().getTime();
    const insert = t.db.$client.query(
      `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $count)
       INSERT INTO email_outbox (kind, channel, to_address, headers, dedupe_key, status, attempts, next_attempt_at, created_at)
       SELECT 'deal-alert', 'email', 'old' || i || '@example.com', '{}', $prefix || i, $status, 1, $at, $at FROM seq`,
    );
    insert.run({ count: PURGE_CHUNK_ROWS * 2 + 10, prefix: "old-sent-", status: "sent", at: now - 31 * DAY });
    insert.run({ count: 3, prefix: "recent-sent-", status: "sent", at: now - 29 * DAY });
    insert.run({ count: 4, prefix: "failed-", status: "failed", at: now - 60 * DAY });
    const left = () => (t.db.$client.query("SELECT count(*) AS n FROM email_outbox").get() as { n: number }).n;

    let leftMidway = null as number | null;
    setTimeout(() => {
      leftMidway = left();
    }, 0);
    await purgeExpired(t.deps);

    expect(left()).toBe(3 + 4);
    // Requests were answered between the chunks: a timer set before the purge ran after its first chunk.
    expect(leftMidway).toBe(PURGE_CHUNK_ROWS + 10 + 3 + 4);
  });
});
