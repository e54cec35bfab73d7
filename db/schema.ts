import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { UserPreferences } from "../src/domain/matching.ts";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const flag = (name: string) => integer(name, { mode: "boolean" });

export type { UserPreferences };

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    address: text("address").notNull().default(""),
    phone: text("phone").notNull().default(""),
    passwordHash: text("password_hash"),
    needsPasswordSetup: flag("needs_password_setup").notNull().default(false),
    isAdmin: flag("is_admin").notNull().default(false),
    emailAlerts: flag("email_alerts").notNull().default(true),
    /** 'all': every deal that fits the preferences (the default); 'windows': only deals whose dates fit a travel window. */
    alertRule: text("alert_rule", { enum: ["all", "windows"] })
      .notNull()
      .default("all"),
    /** With alertRule 'windows': still alert deals 50 % or more below typical. */
    alertExceptional: flag("alert_exceptional").notNull().default(true),
    /** How alert emails arrive: at once, or gathered into one daily or weekly digest. */
    alertDelivery: text("alert_delivery", { enum: ["instant", "daily", "weekly"] })
      .notNull()
      .default("instant"),
    /** The local hour (0–23) a digest is sent; a weekly digest goes on Saturdays. */
    digestHour: integer("digest_hour").notNull().default(8),
    timeZone: text("time_zone").notNull().default("America/New_York"),
    /** Quiet hours, local whole hours: instant alerts wait from quietStart until quietEnd; equal hours = none. */
    quietStart: integer("quiet_start").notNull().default(22),
    quietEnd: integer("quiet_end").notNull().default(7),
    /** Instant alerts a day at most; the rest wait for the next day. */
    dailyCap: integer("daily_cap").notNull().default(5),
    /** The local day (YYYY-MM-DD) `alertsThatDay` counts instant alerts for: what the daily cap is checked against. */
    alertsDay: text("alerts_day"),
    alertsThatDay: integer("alerts_that_day").notNull().default(0),
    preferences: text("preferences", { mode: "json" })
      .$type<UserPreferences>()
      .notNull()
      .default(sql`'{"destinations":[],"maxPrice":500,"nonstopOnly":false}'`),
    unsubscribeToken: text("unsubscribe_token").notNull(),
    planType: text("plan_type", { enum: ["monthly", "annual"] }),
    subscriptionType: text("subscription_type", { enum: ["Paid", "Free"] })
      .notNull()
      .default("Paid"),
    subscriptionStatus: text("subscription_status").notNull().default("None"),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    trialEndsAt: timestamp("trial_ends_at"),
    currentPeriodEnd: timestamp("current_period_end"),
    cancelAtPeriodEnd: flag("cancel_at_period_end").notNull().default(false),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** When a paused subscription resumes by itself (Stripe's pause_collection.resumes_at); null when not paused or paused with no end. */
    pauseResumesAt: timestamp("pause_resumes_at"),
    /** When the member last paused on their own (decision 133): one pause in any twelve months. */
    memberPausedAt: timestamp("member_paused_at"),
    lastLoginAt: timestamp("last_login_at"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    uniqueIndex("users_unsubscribe_token_unique").on(table.unsubscribeToken),
    uniqueIndex("users_stripe_customer_unique").on(table.stripeCustomerId),
    uniqueIndex("users_stripe_subscription_unique").on(table.stripeSubscriptionId),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(), // SHA-256 of the cookie token, hex
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.userId), index("sessions_expires_idx").on(table.expiresAt)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 'welcome' links set a new subscriber's first password and work only until one is set. */
    purpose: text("purpose", { enum: ["reset", "welcome"] })
      .notNull()
      .default("reset"),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [index("password_reset_tokens_user_idx").on(table.userId)],
);

export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull(),
  name: text("name").notNull(),
  subject: text("subject").notNull(),
  description: text("description").notNull(),
  createdAt: timestamp("created_at").notNull(),
  readAt: timestamp("read_at"),
});

/** A subscriber's travel window: dates they can travel, optionally a trip length and a weekend. */
export const travelWindows = sqliteTable(
  "travel_windows",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** 'YYYY-MM-DD', inclusive: the trip leaves on or after startDate and is back by endDate. */
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    minNights: integer("min_nights"),
    maxNights: integer("max_nights"),
    needsWeekend: flag("needs_weekend").notNull().default(false),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [index("travel_windows_user_idx").on(table.userId)],
);

/** A destination a subscriber asked to hear nothing about until `until`. */
export const alertSnoozes = sqliteTable(
  "alert_snoozes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    destination: text("destination").notNull(),
    until: timestamp("until").notNull(),
  },
  (table) => [uniqueIndex("alert_snoozes_pair_unique").on(table.userId, table.destination)],
);

/** A browser's Push API subscription: where and how to send a subscriber's instant alerts on that device. */
export const pushDevices = sqliteTable(
  "push_devices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the profile shows, e.g. 'Chrome on Android'. */
    label: text("label").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [uniqueIndex("push_devices_endpoint_unique").on(table.endpoint), index("push_devices_user_idx").on(table.userId)],
);

/** Values the product makes once and keeps (the generated VAPID key pair when none is configured). */
export const appSecrets = sqliteTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at").notNull(),
});

/** Every email owed to someone. A row is written in the same transaction as the change that causes it. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    dedupeKey: text("dedupe_key"),
    kind: text("kind").notNull(),
    /** 'push': a web push to the device in payload.deviceId; to_address then names the device ('push:<id>'). */
    channel: text("channel", { enum: ["email", "push"] })
      .notNull()
      .default("email"),
    toAddress: text("to_address").notNull(),
    /** Rendered messages carry their bodies; bulk alerts carry only `payload` and are rendered when sent. */
    subject: text("subject"),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>(),
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    /** 'expired': a message whose link expired before it could be delivered; it is never sent late. */
    status: text("status", { enum: ["queued", "sent", "failed", "expired"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at").notNull(),
    lastError: text("last_error"),
    /** When the message stops being worth sending (its link expires); null: never. */
    expiresAt: timestamp("expires_at"),
    createdAt: timestamp("created_at").notNull(),
    sentAt: timestamp("sent_at"),
  },
  (table) => [uniqueIndex("email_outbox_dedupe_unique").on(table.dedupeKey), index("email_outbox_due_idx").on(table.status, table.nextAttemptAt)],
);

/** A signup between "Continue to Payment" and a confirmed card, bound to one browser by an HttpOnly cookie. */
export const pendingSignups = sqliteTable(
  "pending_signups",
  {
    id: text("id").primaryKey(),
    browserTokenHash: text("browser_token_hash").notNull(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    planType: text("plan_type", { enum: ["monthly", "annual"] }).notNull(),
    preferences: text("preferences", { mode: "json" }).$type<UserPreferences>().notNull(),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    setupIntentId: text("setup_intent_id"),
    clientSecret: text("client_secret"),
    checkoutSessionId: text("checkout_session_id"),
    /** SHA-256 of the emailed 6-digit code (with the row's id), and when it stops working. */
    emailCodeHash: text("email_code_hash"),
    emailCodeExpiresAt: timestamp("email_code_expires_at"),
    /** When the code was entered: the person reads this address's mail. Nothing reaches the provider before. */
    emailConfirmedAt: timestamp("email_confirmed_at"),
    /** Set when the account is created; the row goes with the account, so a deleted account is never re-created. */
    completedUserId: integer("completed_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The referral link this signup came through (decision 135), as typed; checked when the account is made. */
    referralCode: text("referral_code"),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (table) => [
    uniqueIndex("pending_signups_browser_unique").on(table.browserTokenHash),
    uniqueIndex("pending_signups_checkout_unique").on(table.checkoutSessionId),
    index("pending_signups_expires_idx").on(table.expiresAt),
  ],
);

/**
 * Who has had a free trial (decision 098): the SHA-256 of "address:<canonical mailbox>" or "card:<fingerprint>".
 * Kept when the account is deleted, so a second trial is refused however the person comes back.
 */
export const trialClaims = sqliteTable("trial_claims", {
  keyHash: text("key_hash").primaryKey(),
  claimedAt: timestamp("claimed_at").notNull(),
});

/** Each member's referral code (decision 135): random, made on first use, says nothing about the member. */
export const referralCodes = sqliteTable("referral_codes", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: timestamp("created_at").notNull(),
});

/**
 * A friend who joined through a member's link (decision 135): one row per friend's account. `status` is joined
 * (no paid charge yet), rewarded (the member got a free month), refused (an abuse rule said no; `refusedBecause`
 * says which) or reversed (the friend's charge was refunded after the reward).
 */
export const referrals = sqliteTable(
  "referrals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    referrerUserId: integer("referrer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referredUserId: integer("referred_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["joined", "rewarded", "refused", "reversed"] }).notNull(),
    refusedBecause: text("refused_because"),
    creditCents: integer("credit_cents"),
    creditId: text("credit_id"),
    createdAt: timestamp("created_at").notNull(),
    rewardedAt: timestamp("rewarded_at"),
  },
  (table) => [uniqueIndex("referrals_referred_unique").on(table.referredUserId), index("referrals_referrer_idx").on(table.referrerUserId)],
);

/**
 * Who has earned a member a free month already (decision 135): SHA-256 of "address:<canonical mailbox>" or
 * "card:<fingerprint>" of the paying friend. Kept when accounts are deleted: one reward per paying person and card.
 */
export const referralRewardClaims = sqliteTable("referral_reward_claims", {
  keyHash: text("key_hash").primaryKey(),
  referralId: integer("referral_id").notNull(),
  claimedAt: timestamp("claimed_at").notNull(),
});

/** Browsers that signed in to an account (the `gordu_device` cookie, its SHA-256 here): docs/hardening.md, targeted lockout. */
export const knownDevices = sqliteTable(
  "known_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at").notNull(),
    lastUsedAt: timestamp("last_used_at").notNull(),
  },
  (table) => [index("known_devices_user_idx").on(table.userId)],
);

/** Stripe webhook events, kept by id so each is applied once. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at").notNull(),
  processedAt: timestamp("processed_at"),
});

/** The built-in test billing's own records: Stripe-shaped customers, subscriptions and setup intents. */
export const testBillingObjects = sqliteTable(
  "test_billing_objects",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["customer", "subscription", "setup_intent", "balance_transaction"] }).notNull(),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [index("test_billing_objects_kind_idx").on(table.kind)],
);

/** Every quote a fare source gave us; one row per route, dates and day, keeping that day's lowest price. */
export const fareObservations = sqliteTable(
  "fare_observations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    origin: text("origin").notNull(),
    destination: text("destination").notNull(),
    tripType: text("trip_type", { enum: ["round_trip", "one_way"] }).notNull(),
    cabin: text("cabin", { enum: ["economy", "premium_economy", "business", "first"] }).notNull(),
    nonstop: flag("nonstop").notNull(),
    departDate: text("depart_date").notNull(),
    /** '' for one-way trips, so the unique key treats them as equal. */
    returnDate: text("return_date").notNull().default(""),
    price: real("price").notNull(),
    airline: text("airline").notNull(),
    durationMinutes: integer("duration_minutes"),
    providerTypicalLow: real("provider_typical_low"),
    providerTypicalHigh: real("provider_typical_high"),
    source: text("source").notNull(),
    observedDay: text("observed_day").notNull(),
    observedAt: timestamp("observed_at").notNull(),
  },
  (table) => [
    uniqueIndex("fare_observations_daily_unique").on(
      table.origin,
      table.destination,
      table.tripType,
      table.cabin,
      table.departDate,
      table.returnDate,
      table.observedDay,
    ),
    index("fare_observations_route_idx").on(table.origin, table.destination, table.tripType, table.cabin, table.observedAt),
    index("fare_observations_source_destination_idx").on(table.source, table.destination, table.observedAt),
    index("fare_observations_source_day_idx").on(table.source, table.observedDay),
  ],
);

/**
 * The cheapest trips Travel Explore windows showed, each trip's first price of the day, kept a week for the booked-trip
 * fare watch. Not price history: a window's cheapest pick sits far below what its trip usually costs (decision 145).
 */
export const explorePicks = sqliteTable(
  "explore_picks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    origin: text("origin").notNull(),
    destination: text("destination").notNull(),
    tripType: text("trip_type", { enum: ["round_trip", "one_way"] }).notNull(),
    cabin: text("cabin", { enum: ["economy", "premium_economy", "business", "first"] }).notNull(),
    departDate: text("depart_date").notNull(),
    /** '' for one-way trips. */
    returnDate: text("return_date").notNull().default(""),
    price: real("price").notNull(),
    source: text("source").notNull(),
    observedDay: text("observed_day").notNull(),
    observedAt: timestamp("observed_at").notNull(),
  },
  (table) => [
    uniqueIndex("explore_picks_daily_unique").on(
      table.origin,
      table.destination,
      table.tripType,
      table.cabin,
      table.departDate,
      table.returnDate,
      table.observedDay,
    ),
    index("explore_picks_observed_at_idx").on(table.observedAt),
  ],
);

/** Each scan's level of a route against its typical prices (log; median over the scan's quotes): smoothed, it is the route's recent level. */
export const routeLevels = sqliteTable(
  "route_levels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    source: text("source").notNull(),
    route: text("route").notNull(),
    level: real("level").notNull(),
    /** Robust standard deviation of the scan's quotes around that level (log). */
    spread: real("spread").notNull(),
    scannedAt: timestamp("scanned_at").notNull(),
  },
  (table) => [index("route_levels_source_time_idx").on(table.source, table.scannedAt)],
);

/**
 * A drop seen once, waiting for its second sighting (docs/deal-rules.md, rule 3): a new deal, or a new episode on an
 * ended deal's dates, alerts only when the next sighting of its dates, within 24 hours, is a drop too.
 */
export const dropSightings = sqliteTable("drop_sightings", {
  /** The deal key (route, trip type, cabin, dates) of the drop. */
  dedupeKey: text("dedupe_key").primaryKey(),
  /** The search that looks again: route, dates and cabin. */
  destination: text("destination").notNull(),
  departDate: text("depart_date").notNull(),
  /** '' for one way. */
  returnDate: text("return_date").notNull().default(""),
  cabin: text("cabin", { enum: ["economy", "premium_economy", "business", "first"] }).notNull(),
  /** When the drop was first seen; every look since found it a drop (a look that finds none deletes the row). */
  seenAt: timestamp("seen_at").notNull(),
  /** Its fare then: every fresh look since found that fare, within a cent in the dollar (decision 146; null before it). */
  price: real("price"),
});

export const deals = sqliteTable(
  "deals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** route + trip type + cabin + dates: one deal per key (FARES.md "De-duplicate"). */
    dedupeKey: text("dedupe_key").notNull(),
    origin: text("origin").notNull(),
    destination: text("destination").notNull(),
    airline: text("airline").notNull(),
    tripType: text("trip_type", { enum: ["round_trip", "one_way"] }).notNull(),
    cabin: text("cabin", { enum: ["economy", "premium_economy", "business", "first"] }).notNull(),
    departDate: text("depart_date").notNull(),
    returnDate: text("return_date").notNull().default(""),
    price: real("price").notNull(),
    durationMinutes: integer("duration_minutes"),
    nonstop: flag("nonstop").notNull(),
    typicalLow: real("typical_low").notNull(),
    typicalHigh: real("typical_high").notNull(),
    typicalMedian: real("typical_median").notNull(),
    percentBelowTypical: real("percent_below_typical").notNull(),
    /** What the decision compared with (docs/deal-rules.md): the trip kind, our distinct days of history behind the typical price (0 = the provider's), and the fare's robust z. */
    tripKind: text("trip_kind", { enum: ["weekend", "week_long", "other", "one_way"] }),
    historyDays: integer("history_days"),
    robustZ: real("robust_z"),
    tier: text("tier", { enum: ["good", "great", "exceptional"] }).notNull(),
    source: text("source").notNull(),
    /** The travel dates as worded at RDU the day the deal was found. Not read: every page and email words them for its reader's today (decision 111). */
    travelDates: text("travel_dates").notNull().default(""),
    destinationCity: text("destination_city").notNull().default(""),
    isActive: flag("is_active").notNull().default(true),
    expiredReason: text("expired_reason"),
    expiredAt: timestamp("expired_at"),
    /** Bumped when the fare drops far enough to alert again; alerts are owed once per version. */
    alertVersion: integer("alert_version").notNull().default(1),
    /** The alert version whose fan-out to subscribers finished; less than alertVersion means a fan-out is owed. */
    fannedOutVersion: integer("fanned_out_version").notNull().default(0),
    lastAlertedAt: timestamp("last_alerted_at").notNull(),
    lastAlertedPrice: real("last_alerted_price").notNull(),
    firstFoundAt: timestamp("first_found_at").notNull(),
    lastSeenAt: timestamp("last_seen_at").notNull(),
    lastCheckedAt: timestamp("last_checked_at").notNull(),
  },
  (table) => [
    uniqueIndex("deals_dedupe_unique").on(table.dedupeKey),
    index("deals_active_idx").on(table.isActive, table.firstFoundAt),
    // The public recent deals (deals/recent-deals.ts) are a range of first_found_at.
    index("deals_found_idx").on(table.firstFoundAt),
  ],
);

/** A deal in one subscriber's list. The (user, deal) pair is unique, so a fan-out can be replayed safely. */
export const userDeals = sqliteTable(
  "user_deals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    isNew: flag("is_new").notNull().default(true),
    alertVersion: integer("alert_version").notNull(),
    createdAt: timestamp("created_at").notNull(),
    viewedAt: timestamp("viewed_at"),
    deletedAt: timestamp("deleted_at"),
  },
  (table) => [uniqueIndex("user_deals_pair_unique").on(table.userId, table.dealId), index("user_deals_deal_idx").on(table.dealId)],
);

export const fareScans = sqliteTable("fare_scans", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  source: text("source").notNull(),
  status: text("status", { enum: ["running", "succeeded", "failed"] }).notNull(),
  startedAt: timestamp("started_at").notNull(),
  finishedAt: timestamp("finished_at"),
  routes: integer("routes").notNull().default(0),
  quotes: integer("quotes").notNull().default(0),
  dealsFound: integer("deals_found").notNull().default(0),
  newDeals: integer("new_deals").notNull().default(0),
  matches: integer("matches").notNull().default(0),
  expiredDeals: integer("expired_deals").notNull().default(0),
  alertEmails: integer("alert_emails").notNull().default(0),
  errors: text("errors", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  quotaLeft: integer("quota_left"),
  /** Searches the scan spent (provider calls; free cached repeats count too). */
  searches: integer("searches").notNull().default(0),
  /** Travel Explore searches and the rows their answers held (docs/decisions/080). */
  discoverySearches: integer("discovery_searches").notNull().default(0),
  discoveryRows: integer("discovery_rows").notNull().default(0),
  /** Fresh searches of candidates and re-checks; how many candidates a fresh search found still a deal, or not. */
  confirmSearches: integer("confirm_searches").notNull().default(0),
  candidatesConfirmed: integer("candidates_confirmed").notNull().default(0),
  candidatesRejected: integer("candidates_rejected").notNull().default(0),
  /** A grid scan whose prices became the day's observations: the first regular scan of its quarter of the day (decision 144). */
  keptPrices: flag("kept_prices").notNull().default(false),
});

/** When each route was last priced by a scan, per source: the Operations tab's coverage (docs/decisions/081). */
export const routeCoverage = sqliteTable(
  "route_coverage",
  {
    source: text("source").notNull(),
    destination: text("destination").notNull(),
    lastObservedAt: timestamp("last_observed_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.destination] })],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorUserId: integer("actor_user_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetUserId: integer("target_user_id"),
    targetEmail: text("target_email"),
    before: text("before", { mode: "json" }).$type<Record<string, unknown> | null>(),
    after: text("after", { mode: "json" }).$type<Record<string, unknown> | null>(),
    note: text("note"),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [index("audit_log_created_idx").on(table.createdAt)],
);

/**
 * A deal a member shared: the public page /deals/<id>. The id is the random token in the link (it is the link the
 * member hands out and sees in their list, so it is kept as is). Revoking deletes the row: the link stops at once.
 */
export const dealShares = sqliteTable(
  "deal_shares",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [uniqueIndex("deal_shares_user_deal_unique").on(table.userId, table.dealId)],
);

/**
 * A trip a member booked from a deal ("I booked it"). The route and dates are copied so the fare watch reads fare
 * observations without the deal; `watchPrice` is the price a further drop is measured from (the price paid, or the
 * deal's price, then each price the member was told about).
 */
export const bookedTrips = sqliteTable(
  "booked_trips",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    origin: text("origin").notNull(),
    destination: text("destination").notNull(),
    tripType: text("trip_type", { enum: ["round_trip", "one_way"] }).notNull(),
    cabin: text("cabin", { enum: ["economy", "premium_economy", "business", "first"] }).notNull(),
    departDate: text("depart_date").notNull(),
    returnDate: text("return_date").notNull().default(""),
    dealPrice: real("deal_price").notNull(),
    pricePaid: real("price_paid"),
    watchPrice: real("watch_price").notNull(),
    /** When the 24-hour reminder is due; null when none is owed (booked under 7 days before departure). */
    reminderDueAt: timestamp("reminder_due_at"),
    /** The newest observation the watch has read, so each observation is judged once. */
    watchedUntil: timestamp("watched_until").notNull(),
    dropAlerts: integer("drop_alerts").notNull().default(0),
    bookedAt: timestamp("booked_at").notNull(),
  },
  (table) => [
    uniqueIndex("booked_trips_user_deal_unique").on(table.userId, table.dealId),
    index("booked_trips_route_idx").on(table.origin, table.destination, table.departDate),
  ],
);
