import { describe, expect, test } from "bun:test";
import { users } from "../../db/schema.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { subscribe } from "../support/signup.ts";
import { createTestApp, json } from "../support/test-app.ts";

describe("a fresh set-password link for a subscriber who has no password yet", () => {
  test("asking for a reset sends 'Set your GoRDU password', its link replaces the welcome email's, and it sets the password", async () => {
    const t = createTestApp();
    await subscribe(t, "no-password@example.com");
    await deliverDueEmails(t.deps);
    const welcome = t.mailer.sent.find((m) => m.subject === "Welcome to GoRDU: set your password")!;
    const welcomeToken = welcome.text.match(/reset-password\?token=(\w+)/)![1]!;

    expect((await t.request("POST", "/api/forgot-password", { body: { email: "no-password@example.com" } })).status).toBe(200);
    await deliverDueEmails(t.deps);
    const fresh = t.mailer.sent.at(-1)!;
    expect(fresh.subject).toBe("Set your GoRDU password");
    expect(fresh.text).toContain("a fresh link to set the password of your GoRDU account");
    expect(fresh.text).not.toContain("reset the password");
    const token = fresh.text.match(/reset-password\?token=(\w+)/)![1]!;

    const set = (value: string) =>
      t.request("POST", "/api/reset-password", { body: { token: value, newPassword: "my own password", confirmPassword: "my own password" } });
    expect((await set(welcomeToken)).status).toBe(400);
    expect((await set(token)).status).toBe(200);
    expect(
      t.db
        .select()
        .from(users)
        .all()
        .find((u) => u.email === "no-password@example.com")!.needsPasswordSetup,
    ).toBe(false);
    const login = await t.request("POST", "/api/login", { body: { email: "no-password@example.com", password: "my own password" } });
    expect(await json(login)).toEqual({ success: true });
  });
});
