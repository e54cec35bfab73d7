import { describe, expect, spyOn, test } from "bun:test";
import { emailOutbox, testBillingObjects } from "../../db/schema.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { cookiesFrom, DECLINED, signupBody, startSignup, VISA } from "../support/signup.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { cookieFrom, createUser, PASSWORD, signIn } from "../support/users.ts";

/** docs/hardening.md: an attempt is counted before the costly work it guards, so attempts sent at once meet the limit too. */

const from = (ip: string) => ({ "x-forwarded-for": ip });
/** Tests that run ten or more argon2 verifications get more than the default 5 s on a busy machine. */
const ARGON2_HEAVY = 30_000;

/** Counts calls to Bun's argon2 `verify` or `hash` until `stop()`, which answers the count. */
function countCalls(name: "verify" | "hash") {
  const spy = spyOn(Bun.password, name);
  return {
    stop() {
      const calls = spy.mock.calls.length;
      spy.mockRestore();
      return calls;
    },
  };
}

async function resetToken(t: TestApp, email: string): Promise<string> {
  await t.request("POST", "/api/forgot-password", { body: { email }, headers: from("198.51.100.200") });
  await deliverDueEmails(t.deps);
  return t.mailer.sent.at(-1)!.text.match(/token=(\w+)/)![1]!;
}

describe("login and password checks in parallel", () => {
  test("20 logins at once from one address: at most 5 reach the password check, and the right password sent 20th does not get in", async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const user = await createUser(t);
    const verify = countCalls("verify");
    const attempts = Array.from({ length: 20 }, (_, i) =>
      t.request("POST", "/api/login", { body: { email: user.email, password: i === 19 ? PASSWORD : `wrong guess ${i}` }, headers: from("203.0.113.9") }),
    );
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    const verifyCalls = verify.stop();
    expect(verifyCalls).toBe(5);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(statuses[19]).toBe(429);
  });

  test(
    "30 logins at once from 30 addresses for one account: the account's limit for unknown browsers holds the same way (10)",
    async () => {
      const t = createTestApp({ TRUST_PROXY: "true" });
      const user = await createUser(t);
      const verify = countCalls("verify");
      const attempts = Array.from({ length: 30 }, (_, i) =>
        t.request("POST", "/api/login", { body: { email: user.email, password: i === 29 ? PASSWORD : "wrong" }, headers: from(`192.0.2.${i + 1}`) }),
      );
      const statuses = (await Promise.all(attempts)).map((response) => response.status);
      const verifyCalls = verify.stop();
      expect(verifyCalls).toBe(10);
      expect(statuses.filter((status) => status !== 429)).toHaveLength(10);
      expect(statuses[29]).toBe(429);
    },
    ARGON2_HEAVY,
  );

  test("successful logins do not use up the address's allowance: only failures count", async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
    const statuses: number[] = [];
    for (const user of users) {
      statuses.push((await t.request("POST", "/api/login", { body: { email: user.email, password: PASSWORD }, headers: from("203.0.113.20") })).status);
    }
    expect(statuses).toEqual(Array(8).fill(200));
  });

  test("10 wrong current passwords at once on change-password: 429s answer, and at most 5 reach the password check", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    const verify = countCalls("verify");
    const attempts = Array.from({ length: 10 }, (_, i) =>
      t.request("POST", "/api/change-password", {
        cookie,
        body: { currentPassword: `wrong ${i}`, newPassword: "a new password", confirmPassword: "a new password" },
      }),
    );
    const responses = await Promise.all(attempts);
    const verifyCalls = verify.stop();
    const statuses = responses.map((response) => response.status);
    expect(verifyCalls).toBe(5);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const limited = responses.find((response) => response.status === 429)!;
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await json(limited)).error).toBe("Too many password attempts. Please wait a few minutes and try again.");
  });
});

describe("a stranger cannot lock a member out (targeted lockout, docs/hardening.md)", () => {
  const deviceCookie = (response: Response) => cookiesFrom(response).find((cookie) => cookie.startsWith("gordu_device="));
  const login = (t: TestApp, email: string, password: string, ip: string, cookie?: string) =>
    t.request("POST", "/api/login", { body: { email, password }, headers: from(ip), cookie });

  test(
    "5 wrong passwords from one address throttle that address only: the owner signs in from another at once",
    async () => {
      const t = createTestApp({ TRUST_PROXY: "true" });
      const owner = await createUser(t);
      for (let i = 0; i < 5; i++) expect((await login(t, owner.email, `guess ${i}`, "203.0.113.9")).status).toBe(401);
      expect((await login(t, owner.email, "guess 6", "203.0.113.9")).status).toBe(429);
      expect((await login(t, owner.email, PASSWORD, "198.51.100.7")).status).toBe(200);
    },
    ARGON2_HEAVY,
  );

  test(
    "when guesses from many addresses use up the account's limit, the owner's known browser still gets in with the right password; an unknown one waits",
    async () => {
      const t = createTestApp({ TRUST_PROXY: "true" });
      const owner = await createUser(t);
      const signedIn = await login(t, owner.email, PASSWORD, "198.51.100.7");
      const device = deviceCookie(signedIn);
      expect(device).toBeDefined();

      const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(t, owner.email, `guess ${i}`, `192.0.2.${i + 1}`)));
      expect(guesses.filter((response) => response.status === 401)).toHaveLength(10);
      expect(guesses.filter((response) => response.status === 429)).toHaveLength(10);

      expect((await login(t, owner.email, PASSWORD, "203.0.113.200")).status).toBe(429);
      const known = await login(t, owner.email, PASSWORD, "203.0.113.200", device);
      expect(known.status).toBe(200);
      expect(cookieFrom(known)).toStartWith("gordu_session=");
    },
    ARGON2_HEAVY,
  );

  test(
    "a known browser has its own allowance: 5 wrong passwords with it, then 429 for it alone",
    async () => {
      const t = createTestApp({ TRUST_PROXY: "true" });
      const owner = await createUser(t);
      const device = deviceCookie(await login(t, owner.email, PASSWORD, "198.51.100.7"))!;
      for (let i = 0; i < 5; i++) expect((await login(t, owner.email, `typo ${i}`, `192.0.2.${i + 1}`, device)).status).toBe(401);
      expect((await login(t, owner.email, PASSWORD, "192.0.2.50", device)).status).toBe(429);
      expect((await login(t, owner.email, PASSWORD, "192.0.2.51")).status).toBe(200);
    },
    ARGON2_HEAVY,
  );

  test(
    "another account's device cookie, or a made-up one, is an unknown browser",
    async () => {
      const t = createTestApp({ TRUST_PROXY: "true" });
      const owner = await createUser(t);
      const stranger = await createUser(t);
      const strangersDevice = deviceCookie(await login(t, stranger.email, PASSWORD, "198.51.100.9"))!;
      await Promise.all(Array.from({ length: 10 }, (_, i) => login(t, owner.email, `guess ${i}`, `192.0.2.${i + 1}`)));
      expect((await login(t, owner.email, PASSWORD, "203.0.113.1", strangersDevice)).status).toBe(429);
      expect((await login(t, owner.email, PASSWORD, "203.0.113.2", `gordu_device=${"a".repeat(32)}`)).status).toBe(429);
    },
    ARGON2_HEAVY,
  );

  test(
    "a password reset from the emailed link ends the account's count and makes that browser known",
    async () => {
      const t = createTestApp({ TRUST_PROXY: "true" });
      const owner = await createUser(t);
      await Promise.all(Array.from({ length: 10 }, (_, i) => login(t, owner.email, `guess ${i}`, `192.0.2.${i + 1}`)));
      const token = await resetToken(t, owner.email);
      const reset = await t.request("POST", "/api/reset-password", {
        body: { token, newPassword: "a new password", confirmPassword: "a new password" },
        headers: from("203.0.113.5"),
      });
      expect(reset.status).toBe(200);
      const device = deviceCookie(reset);
      expect(device).toBeDefined();
      expect((await login(t, owner.email, "a new password", "203.0.113.6")).status).toBe(200);
    },
    ARGON2_HEAVY,
  );

  test(
    "a password set from an emailed link makes the account's other devices unknown again",
    async () => {
      const t = createTestApp({ TRUST_PROXY: "true" });
      const owner = await createUser(t);
      const oldDevice = deviceCookie(await login(t, owner.email, PASSWORD, "198.51.100.7"))!;
      const token = await resetToken(t, owner.email);
      await t.request("POST", "/api/reset-password", {
        body: { token, newPassword: "a new password", confirmPassword: "a new password" },
        headers: from("203.0.113.5"),
      });
      await Promise.all(Array.from({ length: 10 }, (_, i) => login(t, owner.email, `guess ${i}`, `192.0.2.${i + 1}`)));
      expect((await login(t, owner.email, "a new password", "198.51.100.7", oldDevice)).status).toBe(429);
    },
    ARGON2_HEAVY,
  );

  test(
    "a stranger's failed logins do not use up the owner's change-password attempts",
    async () => {
      const t = createTestApp({ TRUST_PROXY: "true" });
      const owner = await createUser(t);
      const session = await signIn(t, owner.email, PASSWORD, from("198.51.100.7"));
      await Promise.all(Array.from({ length: 10 }, (_, i) => login(t, owner.email, `guess ${i}`, `192.0.2.${i + 1}`)));
      const change = await t.request("POST", "/api/change-password", {
        cookie: session,
        body: { currentPassword: PASSWORD, newPassword: "a new password", confirmPassword: "a new password" },
      });
      expect(change.status).toBe(200);
    },
    ARGON2_HEAVY,
  );
});

describe("POST /api/reset-password does no costly work for a link that is not good", () => {
  test("a bogus token never reaches argon2: no hash is computed, the answer is the invalid-link message", async () => {
    const t = createTestApp();
    const hash = countCalls("hash");
    const response = await t.request("POST", "/api/reset-password", {
      body: { token: "x".repeat(52), newPassword: "a new password", confirmPassword: "a new password" },
    });
    const hashCalls = hash.stop();
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe("This password reset link is invalid or expired.");
    expect(hashCalls).toBe(0);
  });

  test("16 at once from one address: 10 are looked at, the rest answer 429; a good link from another address still works", async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const user = await createUser(t);
    const token = await resetToken(t, user.email);
    const burst = Array.from({ length: 16 }, (_, i) =>
      t.request("POST", "/api/reset-password", {
        body: { token: `bogus${i}`.padEnd(52, "a"), newPassword: "a new password", confirmPassword: "a new password" },
        headers: from("203.0.113.66"),
      }),
    );
    const statuses = (await Promise.all(burst)).map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    const good = await t.request("POST", "/api/reset-password", {
      body: { token, newPassword: "a new password", confirmPassword: "a new password" },
      headers: from("198.51.100.7"),
    });
    expect(good.status).toBe(200);
  });
});

describe("signup and card attempts from one address", () => {
  test("25 start-signup at once from one address: 10 go ahead, 15 answer 429 with Retry-After, and no code email or billing object is made for them", async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const burst = Array.from({ length: 25 }, (_, i) =>
      t.request("POST", "/api/start-signup", { body: signupBody(`tester${i}@example.com`), headers: from("203.0.113.77") }),
    );
    const responses = await Promise.all(burst);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    const limited = responses.find((response) => response.status === 429)!;
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await json(limited)).error).toBe("Too many signups from your network. Please wait a while and try again.");
    expect(t.db.select().from(emailOutbox).all()).toHaveLength(10);
    expect(t.db.select().from(testBillingObjects).all()).toHaveLength(0);

    const elsewhere = await t.request("POST", "/api/start-signup", { body: signupBody("someone@example.com"), headers: from("198.51.100.8") });
    expect(elsewhere.status).toBe(200);
  });

  test("one signup takes at most 5 cards: ten declines then a good card are stopped at the sixth attempt", async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const { created } = await startSignup(t, "cards@example.com", { headers: from("203.0.113.88") });
    const { clientSecret } = await json(created);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...DECLINED }, headers: from(`198.51.100.${i + 10}`) })).status,
      );
    }
    const good = await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...VISA }, headers: from("198.51.100.99") });
    expect(statuses).toEqual([402, 402, 402, 402, 402, 429, 429, 429, 429, 429]);
    expect(good.status).toBe(429);
    expect((await json(good)).error).toBe("Too many cards were declined for this signup. Please start again from the pricing page later.");
  });

  test("card attempts from one address are capped across signups", async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { created } = await startSignup(t, `card${i}@example.com`, { headers: from(`192.0.2.${i + 1}`) });
      const { clientSecret } = await json(created);
      for (let j = 0; j < 3; j++) {
        statuses.push(
          (await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...DECLINED }, headers: from("203.0.113.99") })).status,
        );
      }
    }
    expect(statuses.filter((status) => status === 402)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
