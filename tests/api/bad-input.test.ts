import { describe, expect, test } from "bun:test";
import { createUser, signIn } from "../support/users.ts";
import { createTestApp, json } from "../support/test-app.ts";

describe("bad input on the API", () => {
  test("an unknown API route answers a JSON 404", async () => {
    const t = createTestApp();
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await t.request(method, "/api/does-not-exist");
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ error: "Not found" });
    }
  });

  test("malformed JSON answers 400", async () => {
    const t = createTestApp();
    const response = await t.request("POST", "/api/contact", { body: '{"email": "a@b.co",' });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe("Malformed request body: send valid JSON");
  });

  test("a body over 1 MiB answers 413 before it is parsed", async () => {
    const t = createTestApp();
    const huge = JSON.stringify({ email: "a@b.co", name: "x".repeat(1024 * 1024), subject: "s", description: "d" });
    const response = await t.request("POST", "/api/contact", { body: huge });
    expect(response.status).toBe(413);
  });

  test("a body over 1 MiB without a Content-Length (chunked) also answers 413", async () => {
    const t = createTestApp();
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > 20) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await t.app.handle(
      new Request("http://localhost:3000/api/contact", {
        method: "POST",
        headers: { origin: "http://localhost:3000", "content-type": "application/json" },
        body: stream,
        // @ts-expect-error Bun needs this to send a streamed body
        duplex: "half",
      }),
    );
    expect(response.status).toBe(413);
  });

  test("a non-JSON content type on a JSON route answers 415", async () => {
    const t = createTestApp();
    const response = await t.request("POST", "/api/contact", {
      body: "email=a@b.co",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
  });

  test("wrong types and over-long strings answer 400 without echoing the input", async () => {
    const t = createTestApp();
    const secret = "<svg onload=alert(1)>".repeat(300);
    for (const body of [
      { email: 42, name: "A", subject: "S", description: "D" },
      { email: "a@b.co", name: secret, subject: "S", description: "D" },
      [1, 2, 3],
      "just a string",
    ]) {
      const response = await t.request("POST", "/api/contact", { body });
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).not.toContain("svg");
      expect(text.length).toBeLessThan(200);
    }
  });

  test("an unknown field is refused without its name: the answer names only fields the body declares", async () => {
    const t = createTestApp();
    const longKey = `k${"x".repeat(100_000)}`;
    const contact = { email: "a@b.co", name: "A", subject: "S", description: "D" };
    for (const body of [
      { ...contact, [longKey]: 1 },
      { ...contact, "<script>alert(1)</script>": 1 },
    ]) {
      const response = await t.request("POST", "/api/contact", { body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid request: unexpected field" });
    }
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    const device = { endpoint: "https://push.example.com/x", keys: { p256dh: "BA", auth: "AA", smuggled: "1" }, label: "x" };
    const nested = await t.request("POST", "/api/push-devices", { cookie, body: device });
    expect(nested.status).toBe(400);
    expect(await nested.json()).toEqual({ error: "Invalid request: check the field 'keys'" });
    const declared = await t.request("POST", "/api/contact", { body: { ...contact, email: 42 } });
    expect(await declared.json()).toEqual({ error: "Invalid request: check the field 'email'" });
  });

  test("__proto__ and constructor keys change nothing", async () => {
    const t = createTestApp();
    for (const raw of [
      '{"__proto__":{"isAdmin":true},"email":"a@b.co","name":"A","subject":"S","description":"D"}',
      '{"constructor":{"prototype":{"isAdmin":true}},"email":"a@b.co","name":"A","subject":"S","description":"D"}',
    ]) {
      const response = await t.request("POST", "/api/contact", { body: raw });
      expect(response.status).toBe(400);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  test("SQL metacharacters are stored as plain data", async () => {
    const t = createTestApp();
    const name = "Robert'); DROP TABLE contact_messages;--";
    const response = await t.request("POST", "/api/contact", { body: { email: "a@b.co", name, subject: "S", description: "D" } });
    expect(response.status).toBe(200);
    const rows = t.db.$client.query("select name from contact_messages").all() as { name: string }[];
    expect(rows[0]!.name).toBe(name);
  });
});
