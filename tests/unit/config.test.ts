import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/server/config.ts";

describe("configuration", () => {
  test("no variable is required: the embedded defaults run the whole product", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      appUrl: "http://localhost:3000",
      databasePath: "db/app.sqlite",
      outboxDir: "db/outbox",
      smtpUrl: null,
      stripe: null,
      fareSource: "simulated",
      trustProxy: false,
      secureCookies: false,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  test("every bad value is listed at once, each with what to set", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "70000",
        APP_URL: "ftp://gordu.example",
        SUPPORT_EMAIL: "not-an-email",
        SMTP_URL: "mail.example.com",
        STRIPE_SECRET_KEY: "sk_test_1",
        SCAN_SCHEDULE: "hourly",
        ADMIN_EMAIL: "admin@example.com",
        TRUST_PROXY: "yes",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const key of ["PORT", "APP_URL", "SUPPORT_EMAIL", "SMTP_URL", "STRIPE_PUBLISHABLE_KEY", "SCAN_SCHEDULE", "ADMIN_PASSWORD", "TRUST_PROXY"]) {
      expect(message).toContain(key);
    }
    expect(message.split("\n").filter((line) => line.startsWith("  - "))).toHaveLength(8);
  });

  test("FARE_PLAN_PRICE_USD is the plan's dollars a month, refused clearly otherwise", () => {
    expect(loadConfig({}).farePlanPriceUsd).toBeNull();
    expect(loadConfig({ FARE_PLAN_PRICE_USD: "75" }).farePlanPriceUsd).toBe(75);
    expect(loadConfig({ FARE_PLAN_PRICE_USD: "74.50" }).farePlanPriceUsd).toBe(74.5);
    for (const bad of ["$75", "75 USD", "-1", "7.505", "abc", "1e3"])
      expect(() => loadConfig({ FARE_PLAN_PRICE_USD: bad })).toThrow(
        "FARE_PLAN_PRICE_USD must be what the fare plan costs a month in US dollars, e.g. 75 or 74.50",
      );
  });

  test("PUBLIC_DEALS_DELAY_HOURS is whole hours from 0 to 720 (48 unset), refused clearly otherwise", () => {
    expect(loadConfig({}).publicDealsDelayHours).toBe(48);
    expect(loadConfig({ PUBLIC_DEALS_DELAY_HOURS: "0" }).publicDealsDelayHours).toBe(0);
    expect(loadConfig({ PUBLIC_DEALS_DELAY_HOURS: "720" }).publicDealsDelayHours).toBe(720);
    for (const bad of ["721", "-1", "1.5", "48h", "1e2"])
      expect(() => loadConfig({ PUBLIC_DEALS_DELAY_HOURS: bad })).toThrow("PUBLIC_DEALS_DELAY_HOURS must be a whole number of hours from 0 to 720, e.g. 48");
  });

  test("SerpApi alone sweeps every hour by default, a grid source scans every three hours; FARE_BUDGET is a whole number", () => {
    expect(loadConfig({}).scanSchedule).toBe("0 */3 * * *");
    expect(loadConfig({ FARE_SOURCE: "travelpayouts", TRAVELPAYOUTS_TOKEN: "t" }).scanSchedule).toBe("0 */3 * * *");
    expect(loadConfig({ FARE_SOURCE: "serpapi", SERPAPI_KEY: "k" })).toMatchObject({ scanSchedule: "0 * * * *", fareBudget: null });
    expect(loadConfig({ FARE_SOURCE: "serpapi", SERPAPI_KEY: "k", TRAVELPAYOUTS_TOKEN: "t" }).scanSchedule).toBe("0 */3 * * *");
    expect(loadConfig({ FARE_SOURCE: "serpapi", SERPAPI_KEY: "k", SCAN_SCHEDULE: "0 */2 * * *", FARE_BUDGET: "5000" })).toMatchObject({
      scanSchedule: "0 */2 * * *",
      fareBudget: 5000,
    });
    for (const bad of ["0", "1.5", "5k", "-3"]) expect(() => loadConfig({ FARE_BUDGET: bad })).toThrow("FARE_BUDGET must be a whole number");
  });

  test("FARE_SOURCE=searchapi needs SEARCHAPI_API_KEY and sweeps every hour by default, like SerpApi", () => {
    expect(() => loadConfig({ FARE_SOURCE: "searchapi" })).toThrow("FARE_SOURCE=searchapi needs SEARCHAPI_API_KEY");
    expect(loadConfig({ FARE_SOURCE: "searchapi", SEARCHAPI_API_KEY: "k", FARE_BUDGET: "35000" })).toMatchObject({
      fareSource: "searchapi",
      searchapiKey: "k",
      scanSchedule: "0 * * * *",
      fareBudget: 35000,
    });
    expect(() => loadConfig({ FARE_SOURCE: "searchapy" })).toThrow("FARE_SOURCE must be 'simulated', 'serpapi', 'searchapi' or 'travelpayouts'");
  });

  test("an https APP_URL makes cookies Secure; a trailing slash is dropped", () => {
    const config = loadConfig({ APP_URL: "https://gordu.example/" });
    expect(config.appUrl).toBe("https://gordu.example");
    expect(config.secureCookies).toBe(true);
  });

  test("all five Stripe values switch billing to Stripe", () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_PRICE_MONTHLY: "price_m",
      STRIPE_PRICE_ANNUAL: "price_a",
    });
    expect(config.stripe).toMatchObject({ secretKey: "sk_test_1", checkout: "embedded" });
  });

  test("SERPAPI_EXPLORE_AREAS sets Travel Explore's arrival_area_id for the areas SerpApi's reference names none for", () => {
    expect(loadConfig({}).serpapiExploreAreas).toEqual({});
    expect(loadConfig({ SERPAPI_EXPLORE_AREAS: " caribbean=/m/0abc1 , atlantic=/g/11xyz " }).serpapiExploreAreas).toEqual({
      caribbean: "/m/0abc1",
      atlantic: "/g/11xyz",
    });
    const problems = (value: string) => {
      try {
        loadConfig({ SERPAPI_EXPLORE_AREAS: value });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems("north-america=/m/059g4,caribbean=Caribbean")).toEqual([
      "SERPAPI_EXPLORE_AREAS: 'north-america' is not one of europe, caribbean, central-america, atlantic",
      "SERPAPI_EXPLORE_AREAS: caribbean needs a Google kgmid such as /m/02j9z (Europe), got 'Caribbean'",
    ]);
  });

  test("VAPID keys are all or none, checked at boot; none means a generated pair", () => {
    expect(loadConfig({}).vapid).toBeNull();
    const keys = {
      VAPID_PUBLIC_KEY: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      VAPID_PRIVATE_KEY: "C4gmYbBDwxxvHC1X8zNSsIk3uVBhJXvDQIaGeDB3Auk",
      VAPID_SUBJECT: "mailto:alerts@gordu.example",
    };
    expect(loadConfig(keys).vapid).toEqual({ publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY, subject: keys.VAPID_SUBJECT });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow("also set VAPID_PRIVATE_KEY, VAPID_SUBJECT");
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: "alerts@gordu.example" })).toThrow("VAPID_SUBJECT must be a mailto: or https: URL");
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: "short" })).toThrow("VAPID_PRIVATE_KEY must be");
  });

  test("the outbox folder sits beside the database file", () => {
    expect(loadConfig({ DATABASE_PATH: "/var/lib/gordu/app.sqlite" }).outboxDir).toBe("/var/lib/gordu/outbox");
  });
});
