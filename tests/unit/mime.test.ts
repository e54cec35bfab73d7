import { describe, expect, test } from "bun:test";
import { simpleParser } from "mailparser";
import { setLogSink } from "../../src/server/log.ts";
import { createFileOutboxMailer } from "../../src/server/mail/mailer.ts";
import { addressOf, buildMimeMessage } from "../../src/server/mail/mime.ts";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const email = {
  messageId: "<outbox-7@gordu.example>",
  from: "GoRDU Deals <deals@gordu.example>",
  to: "sam@example.com",
  subject: "RDU → Lisbon for $389: 48% below typical",
  text: "Hi Sam,\nLisbon (LIS) for $389 — book at https://www.tap.pt/\n.\nA line with only a dot stays in the text.",
  html: "<p>Hi Sam, Lisbon for <strong>$389</strong> — café included</p>",
  headers: { "List-Unsubscribe": "<https://gordu.example/unsubscribe?token=abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
};

describe("building an email", () => {
  test("a mail reader finds every header, and both parts with their accents and symbols intact", async () => {
    const raw = buildMimeMessage(email, new Date("2026-11-22T15:00:00Z"));
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(email.subject);
    expect(parsed.from?.value).toEqual([{ name: "GoRDU Deals", address: "deals@gordu.example" }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]?.address : null).toBe("sam@example.com");
    expect(parsed.messageId).toBe(email.messageId);
    expect(parsed.date?.toISOString()).toBe("2026-11-22T15:00:00.000Z");
    expect(parsed.headers.get("list")).toEqual({
      unsubscribe: { url: "https://gordu.example/unsubscribe?token=abc" },
      "unsubscribe-post": { name: "List-Unsubscribe=One-Click" },
    });
    expect(parsed.text?.trimEnd()).toBe(email.text);
    expect(parsed.html).toBe(email.html);
  });

  test("lines are CRLF-terminated and as short as MIME asks, even for a long subject full of symbols", async () => {
    const subject = "✈ RDU → Lisbon, Reykjavík, São Paulo and Zürich — four deals at once for you, Sam ✈";
    const raw = buildMimeMessage({ ...email, subject, html: "x".repeat(10_000) }, new Date());
    expect(raw.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const [head, ...body] = raw.split("\r\n\r\n");
    for (const line of body.join("\r\n").split("\r\n")) expect(line.length).toBeLessThanOrEqual(76);
    for (const line of head!.split("\r\n")) expect(line.length).toBeLessThanOrEqual(998);
    for (const word of head!.match(/=\?UTF-8\?B\?[^?]*\?=/g) ?? []) expect(word.length).toBeLessThanOrEqual(75);
    expect((await simpleParser(raw)).subject).toBe(subject);
  });

  test("a line break in a subject or a header value cannot add a header", async () => {
    const raw = buildMimeMessage({ ...email, subject: "Deal\r\nBcc: victim@example.com", headers: { "X-Note": "a\nBcc: other@example.com" } }, new Date());
    const parsed = await simpleParser(raw);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.subject).toBe("Deal Bcc: victim@example.com");
  });

  test("a sender name outside ASCII is encoded; the envelope takes the address alone", async () => {
    const parsed = await simpleParser(buildMimeMessage({ ...email, from: "Équipe GoRDU <hi@gordu.example>" }, new Date()));
    expect(parsed.from?.value).toEqual([{ name: "Équipe GoRDU", address: "hi@gordu.example" }]);
    expect(addressOf("Équipe GoRDU <hi@gordu.example>")).toBe("hi@gordu.example");
    expect(addressOf(" deals@gordu.example ")).toBe("deals@gordu.example");
  });
});

describe("the email outbox folder (no SMTP_URL)", () => {
  test("writes each message as an .eml file a mail reader opens, and logs its link", async () => {
    const directory = mkdtempSync(join(tmpdir(), "gordu-outbox-"));
    const lines: string[] = [];
    const restore = setLogSink((_level, line) => lines.push(line));
    await createFileOutboxMailer(directory).send(email).finally(restore);
    const [file] = readdirSync(directory);
    expect(file).toEndWith(".eml");
    const parsed = await simpleParser(readFileSync(join(directory, file!)));
    expect(parsed.subject).toBe(email.subject);
    expect(lines[0]).toContain("https://www.tap.pt/");
    rmSync(directory, { recursive: true, force: true });
  });
});
