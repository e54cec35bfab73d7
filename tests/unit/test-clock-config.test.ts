import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { steppedClock } from "../../src/server/clock.ts";
import { ConfigError, loadConfig } from "../../src/server/config.ts";

/** docs/decisions/071: the browser tests' stepped clock can never be switched on outside a test run on loopback. */
describe("the test clock", () => {
  const file = "/tmp/gordu-test-clock";

  test("is refused without NODE_ENV=test, or with a public APP_URL", () => {
    for (const env of [
      { GORDU_TEST_CLOCK_FILE: file },
      { GORDU_TEST_CLOCK_FILE: file, NODE_ENV: "production" },
      { GORDU_TEST_CLOCK_FILE: file, NODE_ENV: "test", APP_URL: "https://deals.example.com" },
      { GORDU_TEST_CLOCK_FILE: file, NODE_ENV: "test", APP_URL: "http://10.0.0.5:3000" },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });

  test("is off by default, and on for a test run on loopback", () => {
    expect(loadConfig({}).testClockFile).toBeNull();
    expect(loadConfig({ GORDU_TEST_CLOCK_FILE: file, NODE_ENV: "test", APP_URL: "http://127.0.0.1:4000" }).testClockFile).toBe(file);
  });

  test("moves by the milliseconds in its file, read again when the file changes", () => {
    const folder = mkdtempSync(join(tmpdir(), "gordu-clock-"));
    try {
      const path = join(folder, "clock");
      const clock = steppedClock(path);
      expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
      writeFileSync(path, String(22 * 3_600_000));
      expect(clock.now().getTime() - Date.now()).toBeGreaterThan(22 * 3_600_000 - 1000);
      writeFileSync(path, "0");
      utimesSync(path, new Date(), new Date(Date.now() + 5000));
      expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
