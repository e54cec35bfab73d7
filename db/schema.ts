import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const flag = (name: string) => integer(name, { mode: "boolean" });

export interface UserPreferences {
  destinations: string[];
  maxPrice: number;
  nonstopOnly: boolean;
}

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
    preferences: text("preferences", { mode: "json" })
      .$type<UserPreferences>()
      .notNull()
      .default(sql`'{"destinations":[],"maxPrice":500,"nonstopOnly":false}'`),
    unsubscribeToken: text("unsubscribe_token").notNull(),
    planType: text("plan_type", { enum: ["monthly", "annual"] }),
    subscriptionType: text("subscription_type", { enum: ["Paid", "Free"] }).notNull().default("Paid"),
    subscriptionStatus: text("subscription_status").notNull().default("None"),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    trialEndsAt: timestamp("trial_ends_at"),
    currentPeriodEnd: timestamp("current_period_end"),
    cancelAtPeriodEnd: flag("cancel_at_period_end").notNull().default(false),
    lastLoginAt: timestamp("last_login_at"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    uniqueIndex("users_unsubscribe_token_unique").on(table.unsubscribeToken),
    index("users_stripe_customer_idx").on(table.stripeCustomerId),
    index("users_stripe_subscription_idx").on(table.stripeSubscriptionId),
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

/** Every email owed to someone. A row is written in the same transaction as the change that causes it. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    dedupeKey: text("dedupe_key"),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    status: text("status", { enum: ["queued", "sent", "failed"] }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at").notNull(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at").notNull(),
    sentAt: timestamp("sent_at"),
  },
  (table) => [
    uniqueIndex("email_outbox_dedupe_unique").on(table.dedupeKey),
    index("email_outbox_due_idx").on(table.status, table.nextAttemptAt),
  ],
);
