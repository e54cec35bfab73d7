CREATE TABLE `drop_sightings` (
	`dedupe_key` text PRIMARY KEY NOT NULL,
	`destination` text NOT NULL,
	`depart_date` text NOT NULL,
	`return_date` text DEFAULT '' NOT NULL,
	`cabin` text NOT NULL,
	`seen_at` integer NOT NULL
);
