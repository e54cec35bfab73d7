CREATE TABLE `known_devices` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `known_devices_user_idx` ON `known_devices` (`user_id`);--> statement-breakpoint
CREATE TABLE `trial_claims` (
	`key_hash` text PRIMARY KEY NOT NULL,
	`claimed_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `pending_signups` ADD `email_code_hash` text;--> statement-breakpoint
ALTER TABLE `pending_signups` ADD `email_code_expires_at` integer;--> statement-breakpoint
ALTER TABLE `pending_signups` ADD `email_confirmed_at` integer;--> statement-breakpoint
-- Decision 097: a session on an account without a password came from a signup that never proved its address; it ends here (the emailed set-password link still works).
DELETE FROM `sessions` WHERE `user_id` IN (SELECT `id` FROM `users` WHERE `needs_password_setup` = 1);
