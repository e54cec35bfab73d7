import { describe, expect, test } from "bun:test";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app.ts";
import { createUser, sessionCookieFor } from "../support/users.ts";

/**
 * HARDENING.md "Bad input (every /api route)", generated from the app's own route table: a route added
 * tomorrow is covered without touching this file.
 */

const SENTINEL = "<svg/onload=alert(1)>";
const FIELD_NAMES = [
  "email", "password", "name", "subject", "description", "firstName", "lastName", "address", "phone", "planType",
  "preferences", "token", "newPassword", "confirmPassword", "currentPassword", "emailAlerts", "sessionId", "clientSecret",
  "cardNumber", "expMonth", "expYear", "cvc", "subscriptionType", "read", "skipLastLoginUpdate",
];

function apiRoutes(t: TestApp): { method: string; path: string }[] {
  return t.app.routes
    .filter((route) => route.path.startsWith("/api/") && !route.path.includes("*") && route.method !== "ALL")
    .map((route) => ({ method: route.method, path: route.path }));
}

const withId = (path: string, id = "1") => path.replace(/:\w+/g, id);

const BODIES: [string, string, string][] = [
  ["malformed JSON", "application/json", '{"email": "a@b.co", '],
  ["a JSON array", "application/json", "[1,2,3]"],
  ["a JSON string", "application/json", JSON.stringify(SENTINEL)],
  ["null", "application/json", "null"],
  ["wrong types everywhere", "application/json", JSON.stringify(Object.fromEntries(FIELD_NAMES.map((f) => [f, { nested: [SENTINEL] }])))],
  ["numbers for strings", "application/json", JSON.stringify(Object.fromEntries(FIELD_NAMES.map((f) => [f, 12345])))],
  ["empty strings", "application/json", JSON.stringify(Object.fromEntries(FIELD_NAMES.map((f) => [f, ""])))],
  ["over-long strings", "application/json", JSON.stringify(Object.fromEntries(FIELD_NAMES.map((f) => [f, SENTINEL.repeat(2000)])))],
  ["an unknown field", "application/json", JSON.stringify({ isAdmin: true, [SENTINEL]: SENTINEL })],
  ["__proto__ and constructor keys", "application/json", `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":"${SENTINEL}"}}}`],
  ["SQL metacharacters", "application/json", JSON.stringify(Object.fromEntries(FIELD_NAMES.map((f) => [f, "' OR 1=1; DROP TABLE users;--"])))],
  ["a form body", "application/x-www-form-urlencoded", `email=${encodeURIComponent(SENTINEL)}`],
  ["plain text", "text/plain", SENTINEL],
];

const ALLOWED = new Set([200, 400, 401, 402, 403, 404, 409, 413, 415, 422, 429]);

async function send(t: TestApp, method: string, path: string, contentType: string | null, body: string | null, cookie?: string) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (contentType) headers["content-type"] = contentType;
  if (cookie) headers.cookie = cookie;
  return t.app.handle(new Request(`${TEST_ORIGIN}${path}`, { method, headers, body: method === "GET" ? undefined : body }));
}

async function expectSafe(response: Response, what: string) {
  const text = await response.text();
  expect(ALLOWED.has(response.status), `${what} answered ${response.status}: ${text.slice(0, 200)}`).toBe(true);
  expect(text, `${what} echoed the input`).not.toContain(SENTINEL);
  expect(text, `${what} leaked a stack trace`).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
}

async function adminCookie(t: TestApp) {
  const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free" });
  return () => sessionCookieFor(t, admin.id);
}

describe("every /api route under bad input", () => {
  test("no body, from anyone, ever answers 500, echoes the input or leaks a stack trace", async () => {
    const t = createTestApp();
    const cookie = await adminCookie(t);
    const routes = apiRoutes(t);
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, path } of routes) {
      for (const [what, contentType, body] of BODIES) {
        for (const who of ["anonymous", "admin"] as const) {
          const response = await send(t, method, withId(path), contentType, body, who === "admin" ? cookie() : undefined);
          await expectSafe(response, `${method} ${path} with ${what} as ${who}`);
        }
      }
    }
    const integrity = t.db.$client.query("PRAGMA integrity_check").get() as { integrity_check: string };
    expect(integrity.integrity_check).toBe("ok");
  }, 60_000);

  test("malformed ids in the path answer 404, never 500", async () => {
    const t = createTestApp();
    const cookie = await adminCookie(t);
    const withParams = apiRoutes(t).filter((route) => route.path.includes(":"));
    expect(withParams.length).toBeGreaterThan(5);
    for (const { method, path } of withParams) {
      for (const id of ["abc", "-1", "0", "1.5", "99999999999999999999", "1%27%20OR%201%3D1", "%00", encodeURIComponent(SENTINEL)]) {
        const body = method === "PUT" ? JSON.stringify({ firstName: "A" }) : method === "POST" && path.endsWith("/read") ? JSON.stringify({ read: true }) : null;
        const response = await send(t, method, withId(path, id), body ? "application/json" : null, body, cookie());
        await expectSafe(response, `${method} ${path} with id ${id}`);
        expect(response.status, `${method} ${path} with id ${id}`).toBe(404);
      }
    }
  });

  test("a body over 1 MiB answers 413 on every route that takes one", async () => {
    const t = createTestApp();
    const huge = JSON.stringify({ email: "x".repeat(1024 * 1024 + 10) });
    for (const { method, path } of apiRoutes(t).filter((route) => route.method !== "GET")) {
      const response = await t.app.handle(
        new Request(`${TEST_ORIGIN}${withId(path)}`, {
          method,
          headers: { origin: TEST_ORIGIN, "content-type": "application/json", "content-length": String(huge.length) },
          body: huge,
        }),
      );
      expect(response.status, `${method} ${path}`).toBe(413);
    }
  });

  test("query strings with junk change nothing and never fail", async () => {
    const t = createTestApp();
    const cookie = await adminCookie(t);
    for (const { path } of apiRoutes(t).filter((route) => route.method === "GET")) {
      for (const query of [`?search=${encodeURIComponent(SENTINEL)}`, "?limit=-5", "?limit=abc", "?sort=password_hash", "?__proto__[x]=1", "?search=%25%27"]) {
        await expectSafe(await send(t, "GET", withId(path) + query, null, null, cookie()), `GET ${path}${query}`);
      }
    }
  });
});
