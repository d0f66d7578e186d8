CREATE TABLE `track_recordings` (
	`title_key` text NOT NULL,
	`artist_key` text NOT NULL,
	`isrc` text,
	`label` text,
	`recording_id` text,
	`source` text NOT NULL,
	`checked_at` integer NOT NULL,
	PRIMARY KEY(`title_key`, `artist_key`)
);
--> statement-breakpoint
ALTER TABLE `station_settings` ADD `report_filer` text;