DROP INDEX `listening_sessions_session_idx`;--> statement-breakpoint
ALTER TABLE `listening_sessions` ADD `user_id` text;--> statement-breakpoint
ALTER TABLE `listening_sessions` ADD `quality` text DEFAULT 'hd' NOT NULL;--> statement-breakpoint
ALTER TABLE `listening_sessions` ADD `closed` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `listening_sessions_owner_idx` ON `listening_sessions` (`session_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `listening_sessions_user_idx` ON `listening_sessions` (`user_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `listening_sessions_started_idx` ON `listening_sessions` (`started_at`);