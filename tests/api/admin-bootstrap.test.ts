import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { passwordResetTokens } from "../../db/schema.ts";
import { ensureAdmin } from "../../src/server/auth/admin-bootstrap.ts";
import { findUserByEmail, insertUser, isUniqueEmailViolation } from "../../src/server/auth/users.ts";
import { createTestApp } from "../support/test-app.ts";
import { createUser, PASSWORD, signIn } from "../support/users.ts";

describe("admin bootstrap", () => {
  test("creates the admin when the email is new, and they can log in", async () => {
    const t = createTestApp();
    expect(await ensureAdmin(t.db, "boss@gordu.example", "admin password", t.clock.now(), { setPassword: false })).toBe("created");
    expect(findUserByEmail(t.db, "boss@gordu.example")).toMatchObject({ isAdmin: true, subscriptionStatus: "Active" });
    expect((await t.request("POST", "/api/login", { body: { email: "boss@gordu.example", password: "admin password" } })).status).toBe(200);
  });

  test("at boot, promoting an account someone else made hands power to the operator's password only: its old password, sessions and links stop working", async () => {
    const t = createTestApp();
    // Anyone could have made this account with the address the operator names later.
    const squatter = await createUser(t, { email: "boss@gordu.example" });
    const squattersCookie = await signIn(t, squatter.email);
    await t.request("POST", "/api/forgot-password", { body: { email: squatter.email } });
    const link = t.db.select().from(passwordResetTokens).all();
    expect(link).toHaveLength(1);

    expect(await ensureAdmin(t.db, "BOSS@gordu.example", "the operator's password", t.clock.now(), { setPassword: false })).toBe("promoted");

    expect((await t.request("GET", "/api/admin/users", { cookie: squattersCookie })).status).toBe(401);
    expect((await t.request("POST", "/api/login", { body: { email: squatter.email, password: PASSWORD } })).status).toBe(401);
    expect(t.db.select().from(passwordResetTokens).all()).toHaveLength(0);
    const operator = await signIn(t, squatter.email, "the operator's password");
    expect((await t.request("GET", "/api/admin/users", { cookie: operator })).status).toBe(200);
  });

  test("at boot an account that is already an admin keeps the password it has (changed since, perhaps)", async () => {
    const t = createTestApp();
    const admin = await createUser(t, { isAdmin: true });
    const session = await signIn(t, admin.email);
    expect(await ensureAdmin(t.db, admin.email, "the env password", t.clock.now(), { setPassword: false })).toBe("unchanged");
    expect((await t.request("GET", "/api/admin/users", { cookie: session })).status).toBe(200);
    expect((await t.request("POST", "/api/login", { body: { email: admin.email, password: PASSWORD } })).status).toBe(200);
  });

  test("from the command line also sets the password", async () => {
    const t = createTestApp();
    const user = await createUser(t, { isAdmin: true });
    expect(await ensureAdmin(t.db, user.email, "a fresh password", t.clock.now(), { setPassword: true })).toBe("updated");
    expect((await t.request("POST", "/api/login", { body: { email: user.email, password: "a fresh password" } })).status).toBe(200);
  });

  test("refuses a short password and a malformed email", async () => {
    const t = createTestApp();
    await expect(ensureAdmin(t.db, "boss@gordu.example", "short", t.clock.now(), { setPassword: true })).rejects.toThrow("at least 8");
    await expect(ensureAdmin(t.db, "not an email", "long enough", t.clock.now(), { setPassword: true })).rejects.toThrow("not a valid email");
    expect(findUserByEmail(t.db, "boss@gordu.example")).toBeUndefined();
  });

  test("npm run admin creates an admin in the database file named by DATABASE_PATH", () => {
    const dir = mkdtempSync(join(tmpdir(), "gordu-admin-"));
    const run = Bun.spawnSync([process.execPath, "src/server/cli/admin.ts", "--email", "ops@gordu.example", "--password", "operator password"], {
      cwd: resolve(import.meta.dir, "../.."),
      env: { ...process.env, DATABASE_PATH: `${dir}/app.sqlite` },
    });
    expect(run.exitCode).toBe(0);
    expect(run.stdout.toString()).toContain("Admin ops@gordu.example: created");
  });
});

describe("email uniqueness", () => {
  test("the database refuses a second account for the same email in another case", async () => {
    const t = createTestApp();
    await createUser(t, { email: "Case@Example.com" });
    let caught: unknown = null;
    try {
      insertUser(t.db, { email: "case@example.COM" }, t.clock.now());
    } catch (error) {
      caught = error;
    }
    expect(isUniqueEmailViolation(caught)).toBe(true);
  });
});
