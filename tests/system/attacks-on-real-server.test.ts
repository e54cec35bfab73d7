import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { insertUser } from "../../src/server/auth/users.ts";
import { startRealServer, type RealServer } from "../support/real-server.ts";
import { cookiesFrom, signupBody, VISA } from "../support/signup.ts";
import { PASSWORD } from "../support/users.ts";

/**
 * The reproductions of issue 11, sent to the real product (`bun src/server/main.ts`) over loopback, so Bun's
 * own server and the whole hook chain are in the path. No timing is asserted; statuses and headers are.
 */

const MEMBER = "member@example.com";
const ADMIN = { email: "admin@example.com", password: "admin password 1" };

describe("issue 11's attacks against the real server", () => {
  const dir = mkdtempSync(join(tmpdir(), "gordu-attacks-"));
  const databasePath = join(dir, "app.sqlite");
  let server: RealServer;
  let adminCookie = "";

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: "POST", headers: { origin: server.url, "content-type": "application/json", ...headers }, body });

  /** The text of the first email to this address with this subject, once the server has written it out (.eml). */
  async function emailedText(to: string, subject: string): Promise<string> {
    for (let waited = 0; waited < 10_000; waited += 100) {
      const files = existsSync(join(dir, "outbox")) ? readdirSync(join(dir, "outbox")).filter((name) => name.endsWith(".eml")) : [];
      for (const file of files) {
        const mail = await simpleParser(readFileSync(join(dir, "outbox", file)));
        const address = Array.isArray(mail.to) ? mail.to[0] : mail.to;
        if (mail.subject === subject && address?.text === to && mail.text) return mail.text;
      }
      await Bun.sleep(100);
    }
    throw new Error(`no email "${subject}" to ${to} was written out`);
  }

  beforeAll(async () => {
    const db = openDatabase(databasePath);
    migrateDatabase(db);
    insertUser(db, { email: MEMBER, firstName: "Mem", passwordHash: await Bun.password.hash(PASSWORD), subscriptionStatus: "Active" }, new Date());
    db.$client.close();
    server = await startRealServer(databasePath, { SCAN_SCHEDULE: "0 0 1 1 *", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const login = await post("/api/login", JSON.stringify(ADMIN));
    expect(login.status).toBe(200);
    adminCookie = cookiesFrom(login).find((cookie) => cookie.startsWith("gordu_session="))!;
  }, 60_000);

  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  test("1. 1 MiB of '[' answers 400 while a /healthz sent at the same moment answers 200", async () => {
    const [nested, health] = await Promise.all([post("/api/login", "[".repeat(1024 * 1024)), fetch(`${server.url}/healthz`)]);
    expect(nested.status).toBe(400);
    expect(await nested.json()).toEqual({ error: "Request body is nested too deeply (limit 32 levels)" });
    expect(health.status).toBe(200);
    for (const levels of [20_000, 100_000, 500_000]) {
      expect((await post("/api/login", "[".repeat(levels) + "]".repeat(levels))).status).toBeLessThan(500);
    }
  });

  test("8. the 413 for an oversized body and the CSRF 403 carry a JSON body and every security header", async () => {
    const tooLarge = await post("/api/login", "x".repeat(2 * 1024 * 1024));
    const csrf = await post("/api/contact", "{}", { origin: "https://evil.example" });
    const notFound = await fetch(`${server.url}/api/nothing-here`);
    for (const [response, status] of [
      [tooLarge, 413],
      [csrf, 403],
      [notFound, 404],
    ] as const) {
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toStartWith("application/json");
      expect(((await response.json()) as { error: string }).error).toBeTruthy();
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  test("9. /api/admin/users?limit=1.5 answers 400, not 500", async () => {
    const response = await fetch(`${server.url}/api/admin/users?limit=1.5`, { headers: { cookie: adminCookie } });
    expect(response.status).toBe(400);
    expect((await fetch(`${server.url}/api/admin/users?limit=2`, { headers: { cookie: adminCookie } })).status).toBe(200);
  });

  test("5. after a reset email is written out, no table of the database file holds its token", async () => {
    expect((await post("/api/forgot-password", JSON.stringify({ email: MEMBER }))).status).toBe(200);
    let token = "";
    for (let waited = 0; !token && waited < 10_000; waited += 100) {
      await Bun.sleep(100);
      const files = existsSync(join(dir, "outbox")) ? readdirSync(join(dir, "outbox")).filter((name) => name.endsWith(".eml")) : [];
      for (const file of files) {
        const mail = await simpleParser(readFileSync(join(dir, "outbox", file)));
        token ||= mail.text?.match(/reset-password\?token=(\w+)/)?.[1] ?? "";
      }
    }
    expect(token.length).toBeGreaterThanOrEqual(52);
    const db = new Database(databasePath, { readonly: true });
    const tables = db.query("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    for (const { name } of tables) {
      const dump = JSON.stringify(db.query(`SELECT * FROM "${name}"`).all());
      expect(dump, name).not.toContain(token);
    }
    db.close();
  });

  test("3. a finished signup's cookie, sent again after logout, signs nobody in", async () => {
    const started = await post("/api/start-signup", JSON.stringify(signupBody("signup@example.com")));
    const signupCookie = cookiesFrom(started).find((cookie) => cookie.startsWith("gordu_signup="))!;
    const code = (await emailedText("signup@example.com", "Your GoRDU signup code")).match(/^\s+(\d{6})$/m)![1]!;
    const created = await post("/api/create-subscription", JSON.stringify({ code }), { cookie: signupCookie });
    const { clientSecret } = (await created.json()) as { clientSecret: string };
    expect((await post("/api/test-billing/confirm-setup", JSON.stringify({ clientSecret, ...VISA }))).status).toBe(200);
    const completed = await post("/api/complete-subscription", JSON.stringify({ email: "signup@example.com" }), { cookie: signupCookie });
    expect(completed.status).toBe(200);
    const session = cookiesFrom(completed).find((cookie) => cookie.startsWith("gordu_session="))!;
    await post("/api/logout", "", { cookie: session });
    const again = await post("/api/complete-subscription", JSON.stringify({ email: "signup@example.com" }), { cookie: signupCookie });
    expect(again.status).toBe(403);
    expect(again.headers.getSetCookie().some((cookie) => /^gordu_session=[^;]/.test(cookie))).toBe(false);
  });

  test("2. 20 logins at once, the 20th with the right password: 5 are checked, 15 answer 429, the 20th is not let in", async () => {
    const attempts = Array.from({ length: 20 }, (_, i) => post("/api/login", JSON.stringify({ email: MEMBER, password: i === 19 ? PASSWORD : `guess ${i}` })));
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(statuses[19]).toBe(429);
  });

  test("6. 16 resets with a made-up token at once: 10 answer 400 (no hashing), the rest 429", async () => {
    const attempts = Array.from({ length: 16 }, () =>
      post("/api/reset-password", JSON.stringify({ token: "x".repeat(52), newPassword: "new password 1", confirmPassword: "new password 1" })),
    );
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  test("7. 25 signups at once from one address: the ones over the limit answer 429 with Retry-After", async () => {
    const attempts = Array.from({ length: 25 }, (_, i) => post("/api/start-signup", JSON.stringify(signupBody(`burst${i}@example.com`))));
    const responses = await Promise.all(attempts);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(9);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(16);
    expect(responses.find((response) => response.status === 429)!.headers.get("retry-after")).toBeTruthy();
  });
});
