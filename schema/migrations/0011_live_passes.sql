CREATE TABLE `live_passes` (
	`pass` text PRIMARY KEY NOT NULL,
	`issued_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `live_passes_issued_idx` ON `live_passes` (`issued_at`);--> statement-breakpoint
ALTER TABLE `listening_sessions` ADD `live` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (ADR 036): stretches still to roll up when passes began were counted before
-- them, and are counted as before.
UPDATE `listening_sessions` SET `live` = 1 WHERE `rolled_up` = 0;
