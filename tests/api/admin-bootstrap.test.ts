import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensureAdmin } from "../../src/server/auth/admin-bootstrap.ts";
import { findUserByEmail, insertUser, isUniqueEmailViolation } from "../../src/server/auth/users.ts";
import { createTestApp } from "../support/test-app.ts";
import { createUser, PASSWORD } from "../support/users.ts";

describe("admin bootstrap", () => {
  test("creates the admin when the email is new, and they can log in", async () => {
    const t = createTestApp();
    expect(await ensureAdmin(t.db, "boss@gordu.example", "admin password", t.clock.now(), { setPassword: false })).toBe("created");
    expect(findUserByEmail(t.db, "boss@gordu.example")).toMatchObject({ isAdmin: true, subscriptionStatus: "Active" });
    expect((await t.request("POST", "/api/login", { body: { email: "boss@gordu.example", password: "admin password" } })).status).toBe(200);
  });

  test("at boot promotes an existing user without touching their password", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    expect(await ensureAdmin(t.db, user.email.toUpperCase(), "the env password", t.clock.now(), { setPassword: false })).toBe("promoted");
    expect(await ensureAdmin(t.db, user.email, "the env password", t.clock.now(), { setPassword: false })).toBe("unchanged");
    expect((await t.request("POST", "/api/login", { body: { email: user.email, password: PASSWORD } })).status).toBe(200);
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
