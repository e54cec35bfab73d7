CREATE TABLE `explore_picks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`origin` text NOT NULL,
	`destination` text NOT NULL,
	`trip_type` text NOT NULL,
	`cabin` text NOT NULL,
	`depart_date` text NOT NULL,
	`return_date` text DEFAULT '' NOT NULL,
	`price` real NOT NULL,
	`source` text NOT NULL,
	`observed_day` text NOT NULL,
	`observed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `explore_picks_daily_unique` ON `explore_picks` (`origin`,`destination`,`trip_type`,`cabin`,`depart_date`,`return_date`,`observed_day`);--> statement-breakpoint
CREATE INDEX `explore_picks_observed_at_idx` ON `explore_picks` (`observed_at`);--> statement-breakpoint
ALTER TABLE `drop_sightings` ADD `price` real;