import { describe, expect, test } from "bun:test";
import { WHOLE_NUMBER_PATTERN } from "../../src/server/http/query.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app.ts";
import { createUser, sessionCookieFor } from "../support/users.ts";

/**
 * docs/hardening.md "Bad input (every /api route)", generated from the app's own route table: a route added
 * tomorrow is covered without touching this file.
 */

const SENTINEL = "<svg/onload=alert(1)>";
const FIELD_NAMES = [
  "email",
  "password",
  "name",
  "subject",
  "description",
  "firstName",
  "lastName",
  "address",
  "phone",
  "planType",
  "preferences",
  "token",
  "newPassword",
  "confirmPassword",
  "currentPassword",
  "emailAlerts",
  "sessionId",
  "clientSecret",
  "cardNumber",
  "expMonth",
  "expYear",
  "cvc",
  "subscriptionType",
  "read",
  "skipLastLoginUpdate",
  "dealId",
  "pricePaid",
  "startDate",
  "endDate",
  "minNights",
  "maxNights",
  "needsWeekend",
  "rule",
  "exceptional",
  "delivery",
  "digestHour",
  "timeZone",
  "quietStart",
  "quietEnd",
  "dailyCap",
  "endpoint",
  "keys",
  "label",
  "expirationTime",
  "destination",
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
  ["1 MiB of '['", "application/json", "[".repeat(1024 * 1024)],
  ["20,000 balanced levels", "application/json", "[".repeat(20_000) + "]".repeat(20_000)],
  [
    "deep nesting under every field",
    "application/json",
    JSON.stringify(Object.fromEntries(FIELD_NAMES.map((f) => [f, JSON.parse("[".repeat(40) + "]".repeat(40))]))),
  ],
  ["a wide object", "application/json", JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`${SENTINEL}${i}`, i])))],
  [
    "a wide list under every field",
    "application/json",
    JSON.stringify(Object.fromEntries(FIELD_NAMES.map((f) => [f, Array.from({ length: 500 }, () => SENTINEL)]))),
  ],
  [
    "numbers at the edges",
    "application/json",
    JSON.stringify(Object.fromEntries(FIELD_NAMES.map((f, i) => [f, [1.5, -1, 0, 1e308, -1e308, 2 ** 53 + 1, 5e-324][i % 7]]))),
  ],
];

/** Text for a numeric query parameter that is not a whole number in range: fractions, exponents, huge, signs, words. */
const NUMERIC_EDGES = [
  "1.5",
  "0.0001",
  "1e3",
  "1e400",
  "-1e400",
  "99999999999999999999",
  "-1",
  "0",
  "-0",
  "+5",
  " 5",
  "0x10",
  "NaN",
  "Infinity",
  "",
  "1,2",
  "1;DROP TABLE users",
];

type Schema = { type?: string; pattern?: string; anyOf?: Schema[] };

/** Query parameters whose schema is a number (or our whole-number text), found in each route's own schema. */
function numericQueryParams(t: TestApp): { method: string; path: string; name: string }[] {
  const isNumeric = (schema: Schema): boolean =>
    schema.type === "integer" || schema.type === "number" || schema.pattern === WHOLE_NUMBER_PATTERN || (schema.anyOf ?? []).some(isNumeric);
  return t.app.routes.flatMap((route) => {
    const query = (route.hooks as { query?: { properties?: Record<string, Schema> } } | undefined)?.query;
    return Object.entries(query?.properties ?? {})
      .filter(([, schema]) => isNumeric(schema))
      .map(([name]) => ({ method: route.method, path: route.path, name }));
  });
}

/** Every row of what bad input must never change (sessions aside: each request here signs in afresh). */
function snapshot(t: TestApp): Record<string, unknown[]> {
  const tables = [
    "users",
    "pending_signups",
    "password_reset_tokens",
    "email_outbox",
    "contact_messages",
    "test_billing_objects",
    "audit_log",
    "user_deals",
    "deals",
  ];
  return Object.fromEntries(tables.map((table) => [table, t.db.$client.query(`SELECT * FROM ${table} ORDER BY rowid`).all()]));
}

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
    const before = snapshot(t);
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
    expect(snapshot(t), "bad input changed stored data").toEqual(before);
  }, 120_000);

  test("malformed ids in the path answer 404, never 500", async () => {
    const t = createTestApp();
    const cookie = await adminCookie(t);
    const withParams = apiRoutes(t).filter((route) => route.path.includes(":"));
    expect(withParams.length).toBeGreaterThan(5);
    for (const { method, path } of withParams) {
      for (const id of ["abc", "-1", "0", "1.5", "99999999999999999999", "9999999999999999", "1%27%20OR%201%3D1", "%00", encodeURIComponent(SENTINEL)]) {
        const body =
          method === "PUT" ? JSON.stringify({ firstName: "A" }) : method === "POST" && path.endsWith("/read") ? JSON.stringify({ read: true }) : null;
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

  test("every numeric query parameter takes only a whole number in range: fractions, exponents, huge values answer 400 or are read safely, never 500", async () => {
    const t = createTestApp();
    const cookie = await adminCookie(t);
    const params = numericQueryParams(t);
    expect(params.map((p) => `${p.method} ${p.path}?${p.name}`)).toContain("GET /api/admin/users?limit");
    for (const { method, path, name } of params) {
      for (const value of NUMERIC_EDGES) {
        const response = await send(t, method, `${withId(path)}?${name}=${encodeURIComponent(value)}`, null, null, cookie());
        await expectSafe(response, `${method} ${path}?${name}=${value}`);
        if (!/^[1-9][0-9]{0,2}$/.test(value)) expect(response.status, `${path}?${name}=${value}`).toBe(400);
      }
    }
  });

  test("20 bad requests at once on every route: each answered safely, nothing stored", async () => {
    const t = createTestApp();
    const cookie = await adminCookie(t);
    const before = snapshot(t);
    const bursts = [
      ["malformed JSON", "application/json", '{"email": '],
      ["deep nesting", "application/json", "[".repeat(20_000) + "]".repeat(20_000)],
      ["wrong types", "application/json", JSON.stringify(Object.fromEntries(FIELD_NAMES.map((f) => [f, { nested: [SENTINEL] }])))],
    ] as const;
    for (const { method, path } of apiRoutes(t)) {
      for (const [what, contentType, body] of bursts) {
        const responses = await Promise.all(
          Array.from({ length: 20 }, (_, i) => send(t, method, withId(path), contentType, body, i % 2 ? cookie() : undefined)),
        );
        for (const response of responses) await expectSafe(response, `20 × ${method} ${path} with ${what}`);
      }
    }
    expect(snapshot(t), "a burst of bad input changed stored data").toEqual(before);
  }, 120_000);
});
