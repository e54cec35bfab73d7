import { expect, test } from "bun:test";
import { canRetryNow } from "../../src/domain/outbox-retry.ts";

const NOW = new Date("2026-11-28T17:00:00Z");
const later = new Date(NOW.getTime() + 22 * 60 * 60_000);
const earlier = new Date(NOW.getTime() - 60_000);

test.each([
  ["failed", 80, later, true],
  ["queued", 0, earlier, true],
  ["queued", 0, NOW, true],
  ["queued", 3, later, true],
  ["queued", 0, later, false],
  ["sent", 1, earlier, false],
  ["expired", 0, earlier, false],
] as const)("%s after %d tries, due %s: Retry %p", (status, attempts, dueAt, expected) => {
  expect(canRetryNow({ status, attempts, dueAt }, NOW)).toBe(expected);
});
