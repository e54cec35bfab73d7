import { describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client.ts";
import { MIGRATIONS_FOLDER, migrateDatabase } from "../../db/migrate.ts";
import { emailOutbox, pendingSignups, sessions, testBillingObjects, users } from "../../db/schema.ts";
import { createSession } from "../../src/server/auth/sessions.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { cookiesFrom, signupBody, signupCode, startSignup, subscribe, VISA } from "../support/signup.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, PASSWORD } from "../support/users.ts";

/** Decision 097: a signup proves its address with an emailed code before anything else; the answer never tells who has an account. */

const start = (t: TestApp, email: string, cookie?: string) => t.request("POST", "/api/start-signup", { body: signupBody(email), cookie });
const signupCookie = (response: Response) => cookiesFrom(response).find((cookie) => cookie.startsWith("gordu_signup="))!;
const outboxTo = (t: TestApp, address: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .all()
    .filter((row) => row.toAddress.toLowerCase() === address.toLowerCase());

describe("POST /api/start-signup answers the same for a member's address and a new one (account enumeration)", () => {
  test("same status, body and cookies; nothing is made at the provider; no 409", async () => {
    const t = createTestApp();
    const member = await createUser(t, { email: "member@example.com" });
    const forMember = await start(t, member.email.toUpperCase());
    const forNewcomer = await start(t, "newcomer@example.com");
    expect(forMember.status).toBe(200);
    expect(forNewcomer.status).toBe(200);
    expect(await forMember.text()).toBe(await forNewcomer.text());
    const cookieShape = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.replace(/=[^;]+/, "=…"));
    expect(cookieShape(forMember)).toEqual(cookieShape(forNewcomer));
    expect(t.db.select().from(testBillingObjects).all()).toHaveLength(0);
  });

  test("the member is emailed how to sign in, with no code; the newcomer gets a code; a former member is told how to rejoin", async () => {
    const t = createTestApp();
    const member = await createUser(t, { email: "member@example.com" });
    const former = await createUser(t, { email: "former@example.com", subscriptionStatus: "Cancelled", stripeCustomerId: "cus_former" });
    await start(t, member.email);
    await start(t, former.email);
    await start(t, "newcomer@example.com");
    await deliverDueEmails(t.deps);

    const toMember = t.mailer.sent.find((sent) => sent.to === member.email)!;
    expect(toMember.subject).toBe("You already have a GoRDU account");
    expect(toMember.text).toContain(`${t.config.appUrl}/login`);
    expect(toMember.text).toContain("nothing has been charged");
    expect(toMember.text).not.toMatch(/\b\d{6}\b/);
    expect(toMember.text).not.toContain("Rejoin");
    expect(t.mailer.sent.find((sent) => sent.to === former.email)!.text).toContain("choose Rejoin on your dashboard");

    const toNewcomer = t.mailer.sent.find((sent) => sent.to === "newcomer@example.com")!;
    expect(toNewcomer.subject).toBe("Your GoRDU signup code");
    expect(toNewcomer.subject).not.toMatch(/\d/);
    expect(signupCode(t, "newcomer@example.com")).toMatch(/^\d{6}$/);
  });

  test("no code opens a signup for a member's address: nothing is started at the provider, nothing charged, no second account", async () => {
    const t = createTestApp();
    const member = await createUser(t, { email: "member@example.com" });
    const cookie = signupCookie(await start(t, member.email));
    for (const code of ["000000", "123456", "999999"]) {
      const answer = await t.request("POST", "/api/create-subscription", { body: { code }, cookie });
      expect(answer.status).toBe(400);
      expect((await json(answer)).error).toContain("That code isn't right");
    }
    expect(t.db.select().from(testBillingObjects).all()).toHaveLength(0);
    expect(t.db.select().from(users).all()).toHaveLength(1);
  });
});

describe("the emailed code proves the address before any card (decision 097)", () => {
  test("a newcomer: code, card, signed in; they set their password in the session their proven signup opened", async () => {
    const t = createTestApp();
    const { sessionCookie } = await subscribe(t, "newcomer@example.com");
    expect((await t.request("GET", "/api/me", { cookie: sessionCookie })).status).toBe(200);
    const set = await t.request("POST", "/api/change-password", {
      cookie: sessionCookie,
      body: { newPassword: "my own password", confirmPassword: "my own password" },
    });
    expect(set.status).toBe(200);
    expect((await t.request("POST", "/api/login", { body: { email: "newcomer@example.com", password: "my own password" } })).status).toBe(200);
  });

  test("without the code nothing starts: no card form, no account, no password, no alerts for someone else's address", async () => {
    const t = createTestApp();
    const cookie = signupCookie(await start(t, "victim@example.com"));
    const guessed = await t.request("POST", "/api/create-subscription", { body: { code: "000000" }, cookie });
    expect(guessed.status).toBe(400);
    expect(t.db.select().from(testBillingObjects).all()).toHaveLength(0);
    const completed = await t.request("POST", "/api/complete-subscription", { body: { email: "victim@example.com" }, cookie });
    expect(completed.status).toBe(403);
    expect(t.db.select().from(users).all()).toHaveLength(0);
  });

  test("each code may be tried 5 times; then 429, and a new code (step 1 again) is needed", async () => {
    const t = createTestApp();
    const cookie = signupCookie(await start(t, "typo@example.com"));
    const code = signupCode(t, "typo@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => t.request("POST", "/api/create-subscription", { body: { code: wrong }, cookie })))).map(
      (response) => response.status,
    );
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect((await t.request("POST", "/api/create-subscription", { body: { code }, cookie })).status).toBe(429);

    const again = signupCookie(await start(t, "typo@example.com", cookie));
    const fresh = await t.request("POST", "/api/create-subscription", {
      body: { code: ` ${signupCode(t, "typo@example.com").replace(/(\d{3})/, "$1-")} ` },
      cookie: again,
    });
    expect(fresh.status).toBe(200);
    expect((await json(fresh)).clientSecret).toMatch(/^seti_/);
  });

  test("a code works for 30 minutes, in the browser that asked, for the latest signup only", async () => {
    const t = createTestApp();
    const first = signupCookie(await start(t, "late@example.com"));
    const oldCode = signupCode(t, "late@example.com");
    const second = signupCookie(await start(t, "late@example.com", first));
    expect((await t.request("POST", "/api/create-subscription", { body: { code: oldCode }, cookie: second })).status).toBe(400);
    const code = signupCode(t, "late@example.com");
    expect((await t.request("POST", "/api/create-subscription", { body: { code }, cookie: signupCookie(await start(t, "other@example.com")) })).status).toBe(
      400,
    );
    expect((await t.request("POST", "/api/create-subscription", { body: { code } })).status).toBe(403);
    const third = signupCookie(await start(t, "late@example.com", second));
    t.clock.advance(30 * 60_000 + 1000);
    expect((await t.request("POST", "/api/create-subscription", { body: { code: signupCode(t, "late@example.com") }, cookie: third })).status).toBe(400);
  });

  test("one mailbox gets at most 5 codes an hour, whoever asks and however the address is written", async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const statuses: number[] = [];
    for (const [i, alias] of [
      "inbox@gmail.com",
      "In.box@gmail.com",
      "inbox+1@gmail.com",
      "INBOX@googlemail.com",
      "i.n.b.o.x@gmail.com",
      "inbox+2@gmail.com",
    ].entries()) {
      statuses.push((await t.request("POST", "/api/start-signup", { body: signupBody(alias), headers: { "x-forwarded-for": `192.0.2.${i + 1}` } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  test("the code email is not kept once delivered, and is dropped if not delivered within 30 minutes", async () => {
    const t = createTestApp();
    await start(t, "kept@example.com");
    await deliverDueEmails(t.deps);
    expect(outboxTo(t, "kept@example.com")[0]).toMatchObject({ status: "sent", textBody: null, htmlBody: null });

    await start(t, "slow@example.com");
    t.clock.advance(31 * 60_000);
    await deliverDueEmails(t.deps);
    expect(outboxTo(t, "slow@example.com")[0]).toMatchObject({ status: "expired", textBody: null });
  });

  test("a double click on step 2 starts one customer and one subscription", async () => {
    const t = createTestApp();
    const cookie = signupCookie(await start(t, "twice@example.com"));
    const code = signupCode(t, "twice@example.com");
    const answers = await Promise.all([1, 2, 3].map(() => t.request("POST", "/api/create-subscription", { body: { code }, cookie })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(await Promise.all(answers.map(async (answer) => (await json(answer)).clientSecret))).size).toBe(1);
    const objects = t.db.select().from(testBillingObjects).all();
    expect(objects.filter((o) => o.kind === "customer")).toHaveLength(1);
    expect(objects.filter((o) => o.kind === "subscription")).toHaveLength(1);
  });

  test("the webhook never finishes a signup whose address was not confirmed (one from before this change)", async () => {
    const t = createTestApp();
    const { cookie, created } = await startSignup(t, "legacy@example.com");
    const { clientSecret } = await json(created);
    await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...VISA } });
    t.db.update(pendingSignups).set({ emailConfirmedAt: null }).run();
    expect((await t.request("POST", "/api/complete-subscription", { body: { email: "legacy@example.com" }, cookie })).status).toBe(403);
    expect(t.db.select().from(users).all()).toHaveLength(0);
  });
});

describe("migration 0008 (decision 097)", () => {
  test("ends the sessions of accounts that never set a password; others keep theirs", async () => {
    const folder = mkdtempSync(join(tmpdir(), "gordu-migration-"));
    try {
      // The migrations as they were before 0008.
      cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journalPath = join(folder, "meta/_journal.json");
      const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
      journal.entries = journal.entries.filter((entry) => entry.tag < "0008");
      writeFileSync(journalPath, JSON.stringify(journal));
      const db = openDatabase(":memory:");
      migrateDatabase(db, folder);
      const now = new Date();
      // Raw SQL: the schema's users table has columns later migrations add.
      const insertOldUser = (email: string, needsPasswordSetup: boolean, passwordHash: string | null) =>
        db.$client
          .query(
            `INSERT INTO users (email, unsubscribe_token, needs_password_setup, password_hash, created_at, updated_at)
             VALUES ($email, $token, $setup, $hash, $now, $now) RETURNING id`,
          )
          .get({ email, token: crypto.randomUUID(), setup: needsPasswordSetup ? 1 : 0, hash: passwordHash, now: now.getTime() }) as { id: number };
      const unproven = insertOldUser("unproven@example.com", true, null);
      const member = insertOldUser("member@example.com", false, await Bun.password.hash(PASSWORD));
      createSession(db, unproven.id, now);
      const kept = createSession(db, member.id, now);

      migrateDatabase(db);
      expect(
        db
          .select()
          .from(sessions)
          .all()
          .map((session) => session.id),
      ).toEqual([kept.session.id]);
      db.$client.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
