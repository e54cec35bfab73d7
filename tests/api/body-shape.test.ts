import { describe, expect, spyOn, test } from "bun:test";
import { Elysia } from "elysia";
import { errorHandling } from "../../src/server/http/errors.ts";
import { createTestApp, json } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

const MiB = 1024 * 1024;

describe("JSON bodies shaped to exhaust the server", () => {
  test("1 MiB of '[' answers 400 from the body parser while a /healthz sent at the same moment answers 200", async () => {
    const t = createTestApp();
    const [nested, health] = await Promise.all([t.request("POST", "/api/login", { body: "[".repeat(MiB) }), t.request("GET", "/healthz")]);
    expect(nested.status).toBe(400);
    expect(await json(nested)).toEqual({ error: "Request body is nested too deeply (limit 32 levels)" });
    expect(health.status).toBe(200);
  });

  test("the 20,000-level body of the report is refused on every kind of route, also balanced and inside an object", async () => {
    const t = createTestApp();
    const levels = 20_000;
    const balanced = "[".repeat(levels) + "]".repeat(levels);
    const inObject = `{"email":${'{"a":'.repeat(levels)}1${"}".repeat(levels)},"password":"x"}`;
    for (const path of ["/api/login", "/api/contact", "/api/create-subscription", "/api/reset-password"]) {
      for (const body of [balanced, inObject]) {
        const response = await t.request("POST", path, { body });
        expect(response.status, path).toBe(400);
        expect((await json(response)).error, path).toContain("nested too deeply");
      }
    }
  });

  test("33 levels are refused, 32 reach the schema; brackets inside strings (also after escaped quotes) do not count", async () => {
    const t = createTestApp();
    const deep = (levels: number) => `{"email":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)},"password":"x"}`;
    expect((await json(await t.request("POST", "/api/login", { body: deep(33) }))).error).toContain("nested too deeply");
    expect((await json(await t.request("POST", "/api/login", { body: deep(32) }))).error).toBe("Invalid request: check the field 'email'");

    const user = await createUser(t);
    const password = `\\"${"[".repeat(100)}{{{`;
    const login = await t.request("POST", "/api/login", { body: JSON.stringify({ email: user.email, password }) });
    expect(login.status).toBe(401);
  });

  test("more than 10,000 keys or list items are refused before validation; the schema never sees them", async () => {
    const t = createTestApp();
    const wideObject = JSON.stringify(Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`k${i}`, 0])));
    const wideList = JSON.stringify({ email: Array.from({ length: 20_000 }, () => 0), password: "x" });
    for (const body of [wideObject, wideList]) {
      const response = await t.request("POST", "/api/login", { body });
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ error: "Request body has too many values (limit 10000)" });
    }
  });

  test("a stack overflow anywhere answers 400 with a short message, never a 500 with a trace", async () => {
    const quiet = spyOn(console, "error").mockImplementation(() => {});
    const recurse = (n: number): number => recurse(n + 1) + 1;
    const app = new Elysia().use(errorHandling).get("/recurse", () => recurse(0));
    const response = await app.handle(new Request("http://localhost:3000/recurse"));
    quiet.mockRestore();
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "This request is too complex to process." });
  });
});
