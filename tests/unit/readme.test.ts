/**
 * README is the map a newcomer reads first: short, and every figure in it either written by a script (the test-times
 * and bench tables) or checked here against the code it describes.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import packageJson from "../../package.json";
import { FREE_CANCELLATION_MS } from "../../src/domain/booked-trips.ts";
import { HOUR_MS } from "../../src/domain/calendar.ts";
import { PLANS, TRIAL_DAYS } from "../../src/domain/plans.ts";
import { checkTestCard } from "../../src/server/billing/test-cards.ts";
import { MAX_BODY_BYTES } from "../../src/server/http/body-parsing.ts";
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from "../../src/server/http/json-shape.ts";

const readme = readFileSync("README.md", "utf8");
/** README without the blocks scripts write. */
const typed = readme.replace(/<!-- test-times:begin -->[\s\S]*?<!-- test-times:end -->/, "").replace(/<!-- bench:start -->[\s\S]*?<!-- bench:end -->/, "");

describe("README", () => {
  test("is a map of at most 300 lines, with the generated test-times and benchmark tables", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(300);
    expect(readme).toMatch(/<!-- test-times:begin -->\n`npm test`, 3 runs[\s\S]*\| total \|[\s\S]*<!-- test-times:end -->/);
    expect(readme).toMatch(/<!-- bench:start -->[\s\S]*\|[\s\S]*<!-- bench:end -->/);
  });

  test("the prices, the trial and the Node version are the code's", () => {
    expect(typed).toContain(`($${PLANS.monthly.price}/month or $${PLANS.annual.price}/year, ${TRIAL_DAYS}-day free trial)`);
    expect(typed).toContain(`Needs only Node.js ${packageJson.engines.node.replace(">=", "")}+ and npm`);
  });

  test("the test cards it names behave as it says in the test billing", () => {
    const [good, declined] = [...typed.matchAll(/`(\d{4} \d{4} \d{4} \d{4})`/g)].map((match) => match[1]!);
    const card = (cardNumber: string) => checkTestCard({ cardNumber, expMonth: 12, expYear: 2099, cvc: "123" }, new Date());
    expect(card(good!).ok).toBe(true);
    expect(card(declined!)).toEqual({ ok: false, message: "Your card was declined." });
  });

  test("the body limits and the free-cancellation window are the code's", () => {
    expect(typed).toContain(
      `body parsing (JSON, ${MAX_BODY_BYTES / 1024 / 1024} MiB, ${MAX_JSON_DEPTH} levels, ${MAX_JSON_VALUES.toLocaleString("en-US")} values)`,
    );
    expect(typed).toContain(`the ${FREE_CANCELLATION_MS / HOUR_MS}-hour free-cancellation reminder`);
  });

  test("holds no typed measurement: durations and percentages come from the generated tables or the docs they link", () => {
    expect(typed).not.toMatch(/about \d+ (minutes|seconds|s)\b/);
    expect(typed).not.toMatch(/\d+(\.\d+)? ?% /);
  });
});
