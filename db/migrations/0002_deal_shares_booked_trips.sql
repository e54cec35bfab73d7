CREATE TABLE `booked_trips` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`deal_id` integer NOT NULL,
	`origin` text NOT NULL,
	`destination` text NOT NULL,
	`trip_type` text NOT NULL,
	`cabin` text NOT NULL,
	`depart_date` text NOT NULL,
	`return_date` text DEFAULT '' NOT NULL,
	`deal_price` real NOT NULL,
	`price_paid` real,
	`watch_price` real NOT NULL,
	`reminder_due_at` integer,
	`watched_until` integer NOT NULL,
	`drop_alerts` integer DEFAULT 0 NOT NULL,
	`booked_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booked_trips_user_deal_unique` ON `booked_trips` (`user_id`,`deal_id`);--> statement-breakpoint
CREATE INDEX `booked_trips_route_idx` ON `booked_trips` (`origin`,`destination`,`depart_date`);--> statement-breakpoint
CREATE TABLE `deal_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`deal_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deal_shares_user_deal_unique` ON `deal_shares` (`user_id`,`deal_id`);