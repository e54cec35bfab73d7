CREATE TABLE `alert_snoozes` (
	`user_id` integer NOT NULL,
	`destination` text NOT NULL,
	`until` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_snoozes_pair_unique` ON `alert_snoozes` (`user_id`,`destination`);--> statement-breakpoint
CREATE TABLE `app_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `push_devices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_devices_endpoint_unique` ON `push_devices` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_devices_user_idx` ON `push_devices` (`user_id`);--> statement-breakpoint
CREATE TABLE `travel_windows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`min_nights` integer,
	`max_nights` integer,
	`needs_weekend` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `travel_windows_user_idx` ON `travel_windows` (`user_id`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `channel` text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `alert_rule` text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `alert_exceptional` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `alert_delivery` text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `digest_hour` integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `time_zone` text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `quiet_start` integer DEFAULT 22 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `quiet_end` integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `daily_cap` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `alerts_day` text;--> statement-breakpoint
ALTER TABLE `users` ADD `alerts_that_day` integer DEFAULT 0 NOT NULL;