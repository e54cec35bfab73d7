CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_user_id` integer,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_user_id` integer,
	`target_email` text,
	`before` text,
	`after` text,
	`note` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`subject` text NOT NULL,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer
);
--> statement-breakpoint
CREATE TABLE `deals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dedupe_key` text NOT NULL,
	`origin` text NOT NULL,
	`destination` text NOT NULL,
	`airline` text NOT NULL,
	`trip_type` text NOT NULL,
	`cabin` text NOT NULL,
	`depart_date` text NOT NULL,
	`return_date` text DEFAULT '' NOT NULL,
	`price` real NOT NULL,
	`duration_minutes` integer,
	`nonstop` integer NOT NULL,
	`typical_low` real NOT NULL,
	`typical_high` real NOT NULL,
	`typical_median` real NOT NULL,
	`percent_below_typical` real NOT NULL,
	`tier` text NOT NULL,
	`source` text NOT NULL,
	`travel_dates` text DEFAULT '' NOT NULL,
	`destination_city` text DEFAULT '' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`expired_reason` text,
	`expired_at` integer,
	`alert_version` integer DEFAULT 1 NOT NULL,
	`fanned_out_version` integer DEFAULT 0 NOT NULL,
	`last_alerted_at` integer NOT NULL,
	`last_alerted_price` real NOT NULL,
	`first_found_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`last_checked_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deals_dedupe_unique` ON `deals` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `deals_active_idx` ON `deals` (`is_active`,`first_found_at`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dedupe_key` text,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text,
	`text_body` text,
	`html_body` text,
	`payload` text,
	`headers` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_unique` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `fare_observations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`origin` text NOT NULL,
	`destination` text NOT NULL,
	`trip_type` text NOT NULL,
	`cabin` text NOT NULL,
	`nonstop` integer NOT NULL,
	`depart_date` text NOT NULL,
	`return_date` text DEFAULT '' NOT NULL,
	`price` real NOT NULL,
	`airline` text NOT NULL,
	`duration_minutes` integer,
	`provider_typical_low` real,
	`provider_typical_high` real,
	`source` text NOT NULL,
	`observed_day` text NOT NULL,
	`observed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fare_observations_daily_unique` ON `fare_observations` (`origin`,`destination`,`trip_type`,`cabin`,`depart_date`,`return_date`,`observed_day`);--> statement-breakpoint
CREATE INDEX `fare_observations_route_idx` ON `fare_observations` (`origin`,`destination`,`trip_type`,`cabin`,`observed_at`);--> statement-breakpoint
CREATE TABLE `fare_scans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`routes` integer DEFAULT 0 NOT NULL,
	`quotes` integer DEFAULT 0 NOT NULL,
	`deals_found` integer DEFAULT 0 NOT NULL,
	`new_deals` integer DEFAULT 0 NOT NULL,
	`matches` integer DEFAULT 0 NOT NULL,
	`expired_deals` integer DEFAULT 0 NOT NULL,
	`alert_emails` integer DEFAULT 0 NOT NULL,
	`errors` text DEFAULT '[]' NOT NULL,
	`quota_left` integer
);
--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `pending_signups` (
	`id` text PRIMARY KEY NOT NULL,
	`browser_token_hash` text NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`plan_type` text NOT NULL,
	`preferences` text NOT NULL,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`setup_intent_id` text,
	`client_secret` text,
	`checkout_session_id` text,
	`completed_user_id` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`completed_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pending_signups_browser_unique` ON `pending_signups` (`browser_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `pending_signups_checkout_unique` ON `pending_signups` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `pending_signups_expires_idx` ON `pending_signups` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL,
	`processed_at` integer
);
--> statement-breakpoint
CREATE TABLE `test_billing_objects` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `test_billing_objects_kind_idx` ON `test_billing_objects` (`kind`);--> statement-breakpoint
CREATE TABLE `user_deals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`deal_id` integer NOT NULL,
	`is_new` integer DEFAULT true NOT NULL,
	`alert_version` integer NOT NULL,
	`created_at` integer NOT NULL,
	`viewed_at` integer,
	`deleted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_deals_pair_unique` ON `user_deals` (`user_id`,`deal_id`);--> statement-breakpoint
CREATE INDEX `user_deals_deal_idx` ON `user_deals` (`deal_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`password_hash` text,
	`needs_password_setup` integer DEFAULT false NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`email_alerts` integer DEFAULT true NOT NULL,
	`preferences` text DEFAULT '{"destinations":[],"maxPrice":500,"nonstopOnly":false}' NOT NULL,
	`unsubscribe_token` text NOT NULL,
	`plan_type` text,
	`subscription_type` text DEFAULT 'Paid' NOT NULL,
	`subscription_status` text DEFAULT 'None' NOT NULL,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`trial_ends_at` integer,
	`current_period_end` integer,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`card_brand` text,
	`card_last4` text,
	`last_login_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_lower_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_unsubscribe_token_unique` ON `users` (`unsubscribe_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_stripe_customer_unique` ON `users` (`stripe_customer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_stripe_subscription_unique` ON `users` (`stripe_subscription_id`);