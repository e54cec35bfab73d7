import { describe, expect, spyOn, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions } from "../../db/schema.ts";
import { hashToken } from "../../src/server/auth/tokens.ts";
import { purgeExpired } from "../../src/server/jobs.ts";
import { createTestApp, json } from "../support/test-app.ts";
import { cookieFrom, createUser, PASSWORD, reloadUser, signIn } from "../support/users.ts";

const DAY = 24 * 60 * 60_000;

describe("POST /api/login", () => {
  test("opens a session in an HttpOnly, SameSite=Lax cookie and /api/me answers the user without secrets", async () => {
    const t = createTestApp();
    const user = await createUser(t, { email: "Pat@Example.com", stripeCustomerId: "cus_secret" });
    const response = await t.request("POST", "/api/login", { body: { email: "pat@example.com", password: PASSWORD } });
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toContain("Secure");

    const me = await json(await t.request("GET", "/api/me", { cookie: cookieFrom(response) }));
    expect(me).toMatchObject({ id: user.id, email: "Pat@Example.com", firstName: "Sam", isAdmin: false, needsPasswordSetup: false });
    const text = JSON.stringify(me);
    for (const secret of ["passwordHash", "unsubscribeToken", "stripeCustomerId", "cus_secret", "argon2"]) expect(text).not.toContain(secret);
  });

  test("the cookie is Secure when the product is served over https", async () => {
    const t = createTestApp({ APP_URL: "https://gordu.example" });
    const user = await createUser(t);
    const response = await t.app.handle(
      new Request("https://gordu.example/api/login", {
        method: "POST",
        headers: { origin: "https://gordu.example", "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password: PASSWORD }),
      }),
    );
    expect(response.headers.getSetCookie().join()).toContain("Secure");
  });

  test("stores only the SHA-256 of a token of at least 120 random bits", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const token = (await signIn(t, user.email)).split("=")[1]!;
    expect(token.length * 5).toBeGreaterThanOrEqual(120);
    const stored = t.db.select().from(sessions).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).toBe(hashToken(token));
    expect(stored[0]!.id).not.toContain(token);
  });

  test("records the login time unless skipLastLoginUpdate is sent", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    await t.request("POST", "/api/login", { body: { email: user.email, password: PASSWORD, skipLastLoginUpdate: true } });
    expect(reloadUser(t, user.id).lastLoginAt).toBeNull();
    await signIn(t, user.email);
    expect(reloadUser(t, user.id).lastLoginAt?.getTime()).toBe(t.clock.now().getTime());
  });

  test("answers the same 401 for an unknown email and a wrong password, verifying a hash either way", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const verify = spyOn(Bun.password, "verify");
    const unknown = await t.request("POST", "/api/login", { body: { email: "nobody@example.com", password: PASSWORD } });
    const wrong = await t.request("POST", "/api/login", { body: { email: user.email, password: "not the password" } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await json(unknown)).toEqual({ error: "Invalid email or password" });
    expect(await json(wrong)).toEqual({ error: "Invalid email or password" });
    expect(verify).toHaveBeenCalledTimes(2);
    verify.mockRestore();
  });

  test("an account with no password yet cannot be logged into", async () => {
    const t = createTestApp();
    const user = await createUser(t, { passwordHash: null, needsPasswordSetup: true });
    const response = await t.request("POST", "/api/login", { body: { email: user.email, password: "" } });
    expect(response.status).toBe(400);
    const attempt = await t.request("POST", "/api/login", { body: { email: user.email, password: "anything at all" } });
    expect(attempt.status).toBe(401);
  });

  test("after 10 failures in 15 minutes on one account, a browser it never signed in from gets 429 with Retry-After, even with the right password", async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) {
      const ip = `198.51.100.${i}`;
      expect(
        (await t.request("POST", "/api/login", { body: { email: user.email, password: "wrong-password" }, headers: { "x-forwarded-for": ip } })).status,
      ).toBe(401);
    }
    const blocked = await t.request("POST", "/api/login", { body: { email: user.email, password: PASSWORD }, headers: { "x-forwarded-for": "203.0.113.50" } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);

    t.clock.advance(15 * 60_000 + 1000);
    expect(
      (await t.request("POST", "/api/login", { body: { email: user.email, password: PASSWORD }, headers: { "x-forwarded-for": "203.0.113.50" } })).status,
    ).toBe(200);
  }, 30_000);

  test("after 5 failures in 15 minutes from one address, that address is throttled for every account", async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const user = await createUser(t);
    const from = { "x-forwarded-for": "192.0.2.7" };
    for (let i = 0; i < 5; i++) {
      await t.request("POST", "/api/login", { body: { email: `guess${i}@example.com`, password: "x" }, headers: from });
    }
    expect((await t.request("POST", "/api/login", { body: { email: user.email, password: PASSWORD }, headers: from })).status).toBe(429);
    expect(
      (await t.request("POST", "/api/login", { body: { email: user.email, password: PASSWORD }, headers: { "x-forwarded-for": "192.0.2.8" } })).status,
    ).toBe(200);
  });

  test("behind the proxy, a client cannot dodge the address limit by sending its own X-Forwarded-For", async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const user = await createUser(t);
    // The proxy appends the address it saw; whatever the client put before it is ignored.
    const spoofed = (i: number) => ({ "x-forwarded-for": `10.9.9.${i}, 192.0.2.77` });
    for (let i = 0; i < 5; i++) {
      await t.request("POST", "/api/login", { body: { email: `guess${i}@example.com`, password: "x" }, headers: spoofed(i) });
    }
    expect((await t.request("POST", "/api/login", { body: { email: user.email, password: PASSWORD }, headers: spoofed(99) })).status).toBe(429);
  });

  test("every login opens a new session and closes the one the browser presented", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const first = await signIn(t, user.email);
    const second = cookieFrom(await t.request("POST", "/api/login", { body: { email: user.email, password: PASSWORD }, cookie: first }));
    expect(second).not.toBe(first);
    expect((await t.request("GET", "/api/me", { cookie: first })).status).toBe(401);
    expect((await t.request("GET", "/api/me", { cookie: second })).status).toBe(200);
  });
});

describe("sessions", () => {
  test("logout deletes the session on the server, so the old cookie stops working", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    const logout = await t.request("POST", "/api/logout", { cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().join()).toMatch(/gordu_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    expect((await t.request("GET", "/api/me", { cookie })).status).toBe(401);
    expect(t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
  });

  test("a session used within 30 days slides forward; an idle one expires after 30 days", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);

    t.clock.advance(20 * DAY);
    const renewed = await t.request("GET", "/api/me", { cookie });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().join()).toContain("gordu_session=");
    const [session] = t.db.select().from(sessions).all();
    expect(session!.expiresAt.getTime()).toBe(t.clock.now().getTime() + 30 * DAY);

    t.clock.advance(29 * DAY);
    expect((await t.request("GET", "/api/me", { cookie })).status).toBe(200);
    t.clock.advance(31 * DAY);
    expect((await t.request("GET", "/api/me", { cookie })).status).toBe(401);
    expect(t.db.select().from(sessions).all()).toHaveLength(0);
  });

  test("a session used every 20 days still ends 90 days after sign-in, and its cookie never outlives that", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    const signedInAt = t.clock.now().getTime();
    for (let day = 20; day < 90; day += 20) {
      t.clock.advance(20 * DAY);
      const response = await t.request("GET", "/api/me", { cookie });
      expect(response.status, `day ${day}`).toBe(200);
      const [session] = t.db.select().from(sessions).all();
      expect(session!.expiresAt.getTime()).toBeLessThanOrEqual(signedInAt + 90 * DAY);
    }
    t.clock.set(new Date(signedInAt + 90 * DAY));
    expect((await t.request("GET", "/api/me", { cookie })).status).toBe(401);
    expect(t.db.select().from(sessions).all()).toHaveLength(0);
  });

  test("the hourly purge removes sessions older than 90 days even if their sliding expiry says otherwise", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    await signIn(t, user.email);
    t.db
      .update(sessions)
      .set({ expiresAt: new Date(t.clock.now().getTime() + 400 * DAY) })
      .run();
    t.clock.advance(90 * DAY + 1000);
    await purgeExpired(t.deps);
    expect(t.db.select().from(sessions).all()).toHaveLength(0);
  });

  test("a tampered or made-up session cookie is refused", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    expect((await t.request("GET", "/api/me", { cookie: `${cookie.slice(0, -2)}aa` })).status).toBe(401);
    expect((await t.request("GET", "/api/me", { cookie: "gordu_session=' OR 1=1 --" })).status).toBe(401);
  });
});
