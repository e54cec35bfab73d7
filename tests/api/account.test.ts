import { describe, expect, test } from "bun:test";
import { sessions } from "../../db/schema.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { createTestApp, json } from "../support/test-app.ts";
import { createUser, PASSWORD, reloadUser, sessionCookieFor, signIn } from "../support/users.ts";

const profile = { firstName: "  Ana ", lastName: "Lopez", address: "12 Main St\nDurham, NC", phone: "+1 (919) 555-0100" };

describe("signed-out visitors", () => {
  test.each([
    ["GET", "/api/me"],
    ["PUT", "/api/profile"],
    ["PUT", "/api/preferences"],
    ["POST", "/api/change-password"],
  ])("%s %s answers 401", async (method, path) => {
    const t = createTestApp();
    const body =
      path === "/api/profile"
        ? profile
        : path === "/api/preferences"
          ? { emailAlerts: true }
          : path === "/api/change-password"
            ? { newPassword: "abcdefgh", confirmPassword: "abcdefgh" }
            : undefined;
    expect((await t.request(method, path, { body })).status).toBe(401);
  });
});

describe("POST /api/change-password", () => {
  test("needs the current password, keeps this session, closes the others and sends a notice", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const here = await signIn(t, user.email);
    const elsewhere = await signIn(t, user.email);

    const response = await t.request("POST", "/api/change-password", {
      cookie: here,
      body: { currentPassword: PASSWORD, newPassword: "a better password", confirmPassword: "a better password" },
    });
    expect(response.status).toBe(200);
    expect((await t.request("GET", "/api/me", { cookie: here })).status).toBe(200);
    expect((await t.request("GET", "/api/me", { cookie: elsewhere })).status).toBe(401);
    expect(t.db.select().from(sessions).all()).toHaveLength(1);
    await deliverDueEmails(t.deps);
    expect(t.mailer.sent.map((m) => m.subject)).toEqual(["Your GoRDU password was changed"]);
    expect((await t.request("POST", "/api/login", { body: { email: user.email, password: "a better password" } })).status).toBe(200);
  });

  test("refuses a missing or wrong current password", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    const missing = await t.request("POST", "/api/change-password", {
      cookie,
      body: { newPassword: "a better password", confirmPassword: "a better password" },
    });
    expect((await json(missing)).error).toBe("Please enter your current password.");
    const wrong = await t.request("POST", "/api/change-password", {
      cookie,
      body: { currentPassword: "nope nope", newPassword: "a better password", confirmPassword: "a better password" },
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error).toBe("Your current password is incorrect.");
  });

  test("a user still setting up needs no current password, and whatever is sent as one is ignored", async () => {
    const t = createTestApp();
    const user = await createUser(t, { needsPasswordSetup: true, passwordHash: null });
    const cookie = sessionCookieFor(t, user.id);
    const response = await t.request("POST", "/api/change-password", {
      cookie,
      body: { currentPassword: "temporary-placeholder", newPassword: "my first password", confirmPassword: "my first password" },
    });
    expect(response.status).toBe(200);
    expect(reloadUser(t, user.id).needsPasswordSetup).toBe(false);
    expect((await t.request("POST", "/api/login", { body: { email: user.email, password: "my first password" } })).status).toBe(200);
  });

  test("mismatch and length rules use the docs/product-rules.md §5 messages", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    const mismatch = await t.request("POST", "/api/change-password", {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: "abcdefgh1", confirmPassword: "abcdefgh2" },
    });
    expect((await json(mismatch)).error).toBe("Please make sure both password fields match.");
    const short = await t.request("POST", "/api/change-password", { cookie, body: { currentPassword: PASSWORD, newPassword: "abc", confirmPassword: "abc" } });
    expect((await json(short)).error).toBe("Password must be at least 8 characters long.");
  });
});

describe("PUT /api/profile", () => {
  test("saves the four fields trimmed and answers the updated user", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    const response = await t.request("PUT", "/api/profile", { cookie, body: profile });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ firstName: "Ana", lastName: "Lopez", address: "12 Main St\nDurham, NC", phone: "+1 (919) 555-0100" });
  });

  test("takes an explicit list of fields: isAdmin, email or status in the body are refused and change nothing", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    for (const extra of [{ isAdmin: true }, { email: "other@example.com" }, { subscriptionStatus: "Active" }, { stripeSubscriptionId: "sub_x" }]) {
      const response = await t.request("PUT", "/api/profile", { cookie, body: { ...profile, ...extra } });
      expect(response.status).toBe(400);
    }
    const after = reloadUser(t, user.id);
    expect(after.isAdmin).toBe(false);
    expect(after.email).toBe(user.email);
    expect(after.firstName).toBe("Sam");
  });

  test("keeps HTML a user typed as plain text", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    await t.request("PUT", "/api/profile", { cookie, body: { ...profile, firstName: "<b>Bold</b>" } });
    expect(reloadUser(t, user.id).firstName).toBe("<b>Bold</b>");
  });

  test("refuses empty names, a bad phone number and over-long values", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    expect((await json(await t.request("PUT", "/api/profile", { cookie, body: { ...profile, firstName: " " } }))).error).toBe(
      "Please enter a first and last name.",
    );
    expect((await json(await t.request("PUT", "/api/profile", { cookie, body: { ...profile, phone: "call me maybe" } }))).error).toBe(
      "Please enter a valid phone number.",
    );
    expect((await t.request("PUT", "/api/profile", { cookie, body: { ...profile, address: "x".repeat(2000) } })).status).toBe(400);
  });
});

describe("PUT /api/preferences", () => {
  test("turns email alerts off and on", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    expect((await json(await t.request("PUT", "/api/preferences", { cookie, body: { emailAlerts: false } }))).preferences.emailAlerts).toBe(false);
    expect(reloadUser(t, user.id).emailAlerts).toBe(false);
    expect((await json(await t.request("PUT", "/api/preferences", { cookie, body: { emailAlerts: true } }))).preferences.emailAlerts).toBe(true);
  });

  test("refuses a value that is not a boolean", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    expect((await t.request("PUT", "/api/preferences", { cookie, body: { emailAlerts: "yes" } })).status).toBe(400);
  });
});
