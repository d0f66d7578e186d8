CREATE TABLE `listener_samples` (
	`resolution` text NOT NULL,
	`mount` text NOT NULL,
	`start` integer NOT NULL,
	`min` integer NOT NULL,
	`max` integer NOT NULL,
	`sum` integer NOT NULL,
	`samples` integer NOT NULL,
	PRIMARY KEY(`resolution`, `start`, `mount`)
);
--> statement-breakpoint
CREATE INDEX `listener_samples_mount_idx` ON `listener_samples` (`resolution`,`mount`,`start`);--> statement-breakpoint
CREATE TABLE `session_rollups` (
	`resolution` text NOT NULL,
	`start` integer NOT NULL,
	`dimension` text NOT NULL,
	`value` text NOT NULL,
	`sessions` integer NOT NULL,
	`seconds` integer NOT NULL,
	PRIMARY KEY(`resolution`, `start`, `dimension`, `value`)
);
--> statement-breakpoint
CREATE TABLE `song_impact_rankings` (
	`range` text PRIMARY KEY NOT NULL,
	`computed_at` integer NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `station_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`listeners_public` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE `listening_sessions` ADD `country` text;--> statement-breakpoint
ALTER TABLE `listening_sessions` ADD `device` text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE `listening_sessions` ADD `rolled_up` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `listening_sessions` ADD `counted_seconds` integer;--> statement-breakpoint
CREATE INDEX `listening_sessions_unrolled_idx` ON `listening_sessions` (`ended_at`) WHERE rolled_up = 0;--> statement-breakpoint
ALTER TABLE `track_history` ADD `listeners_start` integer;--> statement-breakpoint
ALTER TABLE `track_history` ADD `listeners_end` integer;--> statement-breakpoint
ALTER TABLE `track_history` ADD `listeners_avg` real;--> statement-breakpoint
ALTER TABLE `track_history` ADD `favorites_added` integer;--> statement-breakpoint
CREATE INDEX `favorites_created_at_idx` ON `favorites` (`created_at`);