import { describe, expect, test } from "bun:test";
import { passwordResetTokens, sessions } from "../../db/schema.ts";
import { issuePasswordToken } from "../../src/server/auth/tokens.ts";
import { purgeExpired } from "../../src/server/jobs.ts";
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
