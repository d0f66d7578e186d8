CREATE TABLE `track_artwork` (
	`track_key` text PRIMARY KEY NOT NULL,
	`image_key` text,
	`source` text NOT NULL,
	`checked_at` integer NOT NULL
);
