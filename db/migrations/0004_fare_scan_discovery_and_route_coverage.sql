CREATE TABLE `route_coverage` (
	`source` text NOT NULL,
	`destination` text NOT NULL,
	`last_observed_at` integer NOT NULL,
	PRIMARY KEY(`source`, `destination`)
);
--> statement-breakpoint
ALTER TABLE `fare_scans` ADD `searches` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `fare_scans` ADD `discovery_searches` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `fare_scans` ADD `discovery_rows` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `fare_scans` ADD `confirm_searches` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `fare_scans` ADD `candidates_confirmed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `fare_scans` ADD `candidates_rejected` integer DEFAULT 0 NOT NULL;