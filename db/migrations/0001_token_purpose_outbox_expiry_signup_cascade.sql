PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_pending_signups` (
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
	FOREIGN KEY (`completed_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_pending_signups`("id", "browser_token_hash", "email", "first_name", "last_name", "plan_type", "preferences", "stripe_customer_id", "stripe_subscription_id", "setup_intent_id", "client_secret", "checkout_session_id", "completed_user_id", "created_at", "expires_at") SELECT "id", "browser_token_hash", "email", "first_name", "last_name", "plan_type", "preferences", "stripe_customer_id", "stripe_subscription_id", "setup_intent_id", "client_secret", "checkout_session_id", "completed_user_id", "created_at", "expires_at" FROM `pending_signups`;--> statement-breakpoint
DROP TABLE `pending_signups`;--> statement-breakpoint
ALTER TABLE `__new_pending_signups` RENAME TO `pending_signups`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `pending_signups_browser_unique` ON `pending_signups` (`browser_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `pending_signups_checkout_unique` ON `pending_signups` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `pending_signups_expires_idx` ON `pending_signups` (`expires_at`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `password_reset_tokens` ADD `purpose` text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
-- Links issued before this migration: the 7-day ones are welcome links.
UPDATE `password_reset_tokens` SET `purpose` = 'welcome' WHERE `expires_at` - `created_at` > 3600000;