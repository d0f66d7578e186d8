CREATE TABLE `cron_status` (
	`id` integer PRIMARY KEY NOT NULL,
	`last_run_at` integer NOT NULL,
	`last_ok_at` integer,
	`failing_steps` text DEFAULT '[]' NOT NULL
);
