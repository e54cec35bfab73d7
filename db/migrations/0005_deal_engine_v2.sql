CREATE TABLE `route_levels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`route` text NOT NULL,
	`level` real NOT NULL,
	`spread` real NOT NULL,
	`scanned_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `route_levels_source_time_idx` ON `route_levels` (`source`,`scanned_at`);--> statement-breakpoint
ALTER TABLE `deals` ADD `trip_kind` text;--> statement-breakpoint
ALTER TABLE `deals` ADD `history_days` integer;--> statement-breakpoint
ALTER TABLE `deals` ADD `robust_z` real;