import { dirname, join } from "node:path";
import { isValidEmail } from "../domain/validation.ts";
import { DISCOVERY_AREAS, type DiscoveryArea } from "../domain/discovery-areas.ts";

export type FareSourceName = "simulated" | "serpapi" | "searchapi" | "travelpayouts";

/** A source that prices a grid of trips scans it every this many hours unless SCAN_SCHEDULE says otherwise (decision 143). */
export const GRID_SCAN_EVERY_HOURS = 3;

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  priceMonthly: string;
  priceAnnual: string;
  checkout: "embedded" | "hosted";
  /** Only for tests: point stripe-node at a local server. Not part of the operator contract. */
  apiBase?: { host: string; port: number; protocol: "http" | "https" };
}

export interface Config {
  port: number;
  host: string;
  /** Take the client address from X-Forwarded-For (set when a reverse proxy sits in front). */
  trustProxy: boolean;
  appUrl: string;
  appOrigin: string;
  secureCookies: boolean;
  databasePath: string;
  supportEmail: string;
  mailFrom: string;
  smtpUrl: string | null;
  outboxDir: string;
  stripe: StripeConfig | null;
  fareSource: FareSourceName;
  serpapiKey: string | null;
  /** SEARCHAPI_API_KEY: SearchApi.io, the same Google pages as SerpApi for fewer dollars (FARE_SOURCE=searchapi). */
  searchapiKey: string | null;
  travelpayoutsToken: string | null;
  /** SERPAPI_EXPLORE_AREAS: Travel Explore's arrival_area_id for areas SerpApi's reference gives none for. */
  serpapiExploreAreas: Readonly<Partial<Record<DiscoveryArea, string>>>;
  scanSchedule: string;
  /** FARE_BUDGET: SerpApi or SearchApi searches a month; null = the plan's quota from the provider's account. */
  fareBudget: number | null;
  /** FARE_PLAN_PRICE_USD: what the provider's plan costs this install a month; null = the price list (provider-prices.ts). */
  farePlanPriceUsd: number | null;
  /** PUBLIC_DEALS_DELAY_HOURS: how old a deal is before visitors see it on the landing page and /deals (decision 134). */
  publicDealsDelayHours: number;
  adminEmail: string | null;
  adminPassword: string | null;
  /**
   * Browser tests only: GORDU_TEST_CLOCK_FILE moves the server's clock by the milliseconds written in that file
   * (docs/decisions/071). Refused unless NODE_ENV=test and APP_URL is loopback, and by the built executable.
   */
  testClockFile: string | null;
  /** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT (all or none); none: a pair generated once and kept in the database. */
  vapid: VapidConfig | null;
  /** Only for tests: accept push endpoints on loopback over http (PUSH_ALLOW_LOOPBACK). Not part of the operator contract. */
  pushAllowLoopback: boolean;
}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

type Env = Record<string, string | undefined>;

const VAPID_KEYS = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const;

const STRIPE_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_MONTHLY", "STRIPE_PRICE_ANNUAL"] as const;

/** Reads the environment once; every problem is reported together so an operator fixes them in one go. */
export function loadConfig(env: Env): Readonly<Config> {
  const problems: string[] = [];
  const read = (key: string) => {
    const value = env[key]?.trim();
    return value ? value : undefined;
  };

  const port = parsePort(read("PORT") ?? "3000");
  if (port === null) problems.push("PORT must be an integer from 0 to 65535");

  const appUrl = (read("APP_URL") ?? `http://localhost:${port ?? 3000}`).replace(/\/+$/, "");
  let appOrigin = "";
  try {
    const url = new URL(appUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
    appOrigin = url.origin;
  } catch {
    problems.push("APP_URL must be an absolute http(s) URL, e.g. https://gordu.example");
  }

  const supportEmail = read("SUPPORT_EMAIL") ?? "support@example.com";
  if (!isValidEmail(supportEmail)) problems.push("SUPPORT_EMAIL must be an email address");
  const mailFrom = read("MAIL_FROM") ?? supportEmail;

  const smtpUrl = read("SMTP_URL") ?? null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) problems.push("SMTP_URL must start with smtp:// or smtps://");

  const stripeValues = STRIPE_KEYS.map((key) => read(key));
  const stripeSet = stripeValues.filter(Boolean).length;
  if (stripeSet > 0 && stripeSet < STRIPE_KEYS.length) {
    const missing = STRIPE_KEYS.filter((_, i) => !stripeValues[i]);
    problems.push(`Stripe is partly configured: also set ${missing.join(", ")} (or unset all STRIPE_* for test billing)`);
  }
  const checkout = read("STRIPE_CHECKOUT") ?? "embedded";
  if (checkout !== "embedded" && checkout !== "hosted") problems.push("STRIPE_CHECKOUT must be 'embedded' or 'hosted'");

  const fareSource = read("FARE_SOURCE") ?? "simulated";
  if (fareSource !== "simulated" && fareSource !== "serpapi" && fareSource !== "searchapi" && fareSource !== "travelpayouts") {
    problems.push("FARE_SOURCE must be 'simulated', 'serpapi', 'searchapi' or 'travelpayouts'");
  }
  const serpapiKey = read("SERPAPI_KEY") ?? null;
  const searchapiKey = read("SEARCHAPI_API_KEY") ?? null;
  if (fareSource === "searchapi" && !searchapiKey) problems.push("FARE_SOURCE=searchapi needs SEARCHAPI_API_KEY");
  const travelpayoutsToken = read("TRAVELPAYOUTS_TOKEN") ?? null;
  if (fareSource === "serpapi" && !serpapiKey) problems.push("FARE_SOURCE=serpapi needs SERPAPI_KEY");
  if (fareSource === "travelpayouts" && !travelpayoutsToken) problems.push("FARE_SOURCE=travelpayouts needs TRAVELPAYOUTS_TOKEN");
  const serpapiExploreAreas = parseExploreAreas(read("SERPAPI_EXPLORE_AREAS") ?? "", problems);

  // SerpApi and SearchApi sweep by discovery: the whole network every hour fits a 5,000-search plan (docs/decisions/081).
  const sweepsByDiscovery = fareSource === "searchapi" || (fareSource === "serpapi" && !travelpayoutsToken);
  const scanSchedule = read("SCAN_SCHEDULE") ?? (sweepsByDiscovery ? "0 * * * *" : `0 */${GRID_SCAN_EVERY_HOURS} * * *`);
  const fareBudgetText = read("FARE_BUDGET");
  const fareBudget = fareBudgetText === undefined ? null : Number(fareBudgetText);
  if (fareBudget !== null && !(/^\d+$/.test(fareBudgetText!) && fareBudget >= 1))
    problems.push("FARE_BUDGET must be a whole number of searches a month, e.g. 5000");
  const planPriceText = read("FARE_PLAN_PRICE_USD");
  const farePlanPriceUsd = planPriceText === undefined ? null : Number(planPriceText);
  if (planPriceText !== undefined && !/^\d+(\.\d{1,2})?$/.test(planPriceText))
    problems.push("FARE_PLAN_PRICE_USD must be what the fare plan costs a month in US dollars, e.g. 75 or 74.50");
  const delayText = read("PUBLIC_DEALS_DELAY_HOURS");
  const publicDealsDelayHours = delayText === undefined ? 48 : Number(delayText);
  if (delayText !== undefined && !(/^\d+$/.test(delayText) && publicDealsDelayHours <= 720))
    problems.push("PUBLIC_DEALS_DELAY_HOURS must be a whole number of hours from 0 to 720, e.g. 48");
  if (scanSchedule.split(/\s+/).length < 5) problems.push("SCAN_SCHEDULE must be a cron expression, e.g. '0 */3 * * *'");

  const adminEmail = read("ADMIN_EMAIL") ?? null;
  const adminPassword = read("ADMIN_PASSWORD") ?? null;
  if (Boolean(adminEmail) !== Boolean(adminPassword)) problems.push("ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  if (adminEmail && !isValidEmail(adminEmail)) problems.push("ADMIN_EMAIL must be an email address");
  if (adminPassword && adminPassword.length < 8) problems.push("ADMIN_PASSWORD must be at least 8 characters long");

  const trustProxy = read("TRUST_PROXY") ?? "false";
  if (!["true", "false", "1", "0"].includes(trustProxy)) problems.push("TRUST_PROXY must be true or false");

  const testClockFile = read("GORDU_TEST_CLOCK_FILE") ?? null;
  if (testClockFile && (env.NODE_ENV !== "test" || !isLoopbackOrigin(appOrigin))) {
    problems.push("GORDU_TEST_CLOCK_FILE is for browser tests only: it needs NODE_ENV=test and a loopback APP_URL (unset it)");
  }
  const vapidValues = VAPID_KEYS.map((key) => read(key));
  const vapidSet = vapidValues.filter(Boolean).length;
  if (vapidSet > 0 && vapidSet < VAPID_KEYS.length) {
    problems.push(`Web push is partly configured: also set ${VAPID_KEYS.filter((_, i) => !vapidValues[i]).join(", ")} (or unset all three)`);
  }
  const [vapidPublic, vapidPrivate, vapidSubject] = vapidValues;
  if (vapidPublic && !/^[A-Za-z0-9_-]{87}$/.test(vapidPublic)) problems.push("VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)");
  if (vapidPrivate && !/^[A-Za-z0-9_-]{43}$/.test(vapidPrivate)) problems.push("VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)");
  if (vapidSubject && !/^(mailto:|https:\/\/)/.test(vapidSubject)) problems.push("VAPID_SUBJECT must be a mailto: or https: URL");
  const pushAllowLoopback = read("PUSH_ALLOW_LOOPBACK") ?? "false";
  if (!["true", "false", "1", "0"].includes(pushAllowLoopback)) problems.push("PUSH_ALLOW_LOOPBACK must be true or false");

  if (problems.length > 0) throw new ConfigError(problems);

  const databasePath = read("DATABASE_PATH") ?? "db/app.sqlite";
  const [secretKey, publishableKey, webhookSecret, priceMonthly, priceAnnual] = stripeValues;
  return Object.freeze({
    port: port!,
    host: read("HOST") ?? "0.0.0.0",
    trustProxy: trustProxy === "true" || trustProxy === "1",
    appUrl,
    appOrigin,
    secureCookies: appOrigin.startsWith("https:"),
    databasePath,
    supportEmail,
    mailFrom,
    smtpUrl,
    outboxDir: databasePath === ":memory:" ? "db/outbox" : join(dirname(databasePath), "outbox"),
    stripe:
      stripeSet === STRIPE_KEYS.length
        ? {
            secretKey: secretKey!,
            publishableKey: publishableKey!,
            webhookSecret: webhookSecret!,
            priceMonthly: priceMonthly!,
            priceAnnual: priceAnnual!,
            checkout: checkout as "embedded" | "hosted",
          }
        : null,
    fareSource: fareSource as FareSourceName,
    serpapiKey,
    searchapiKey,
    travelpayoutsToken,
    serpapiExploreAreas,
    scanSchedule,
    fareBudget,
    farePlanPriceUsd,
    publicDealsDelayHours,
    adminEmail,
    adminPassword,
    testClockFile,
    vapid: vapidSet === VAPID_KEYS.length ? { publicKey: vapidPublic!, privateKey: vapidPrivate!, subject: vapidSubject! } : null,
    pushAllowLoopback: pushAllowLoopback === "true" || pushAllowLoopback === "1",
  });
}

/** 127.0.0.1, localhost or [::1]: where only this machine can reach the server (test-only settings require it). */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    return ["127.0.0.1", "localhost", "[::1]"].includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** "caribbean=/m/…,atlantic=/m/…": an area of discovery-areas.ts (not North America, Explore's default) and its kgmid. */
function parseExploreAreas(value: string, problems: string[]): Partial<Record<DiscoveryArea, string>> {
  const areas: Partial<Record<DiscoveryArea, string>> = {};
  const named: readonly string[] = DISCOVERY_AREAS.filter((area) => area !== "north-america");
  for (const entry of value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [area = "", kgmid = ""] = entry.split("=").map((part) => part.trim());
    if (!named.includes(area)) problems.push(`SERPAPI_EXPLORE_AREAS: '${area}' is not one of ${named.join(", ")}`);
    else if (!/^\/[mg]\/[0-9a-z_]+$/.test(kgmid))
      problems.push(`SERPAPI_EXPLORE_AREAS: ${area} needs a Google kgmid such as /m/02j9z (Europe), got '${kgmid}'`);
    else areas[area as DiscoveryArea] = kgmid;
  }
  return areas;
}

function parsePort(value: string): number | null {
  if (!/^\d+$/.test(value)) return null;
  const port = Number(value);
  return port <= 65535 ? port : null;
}
