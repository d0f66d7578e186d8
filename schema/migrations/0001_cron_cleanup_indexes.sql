CREATE INDEX `login_tokens_expires_at_idx` ON `login_tokens` (`expires_at`);--> statement-breakpoint
CREATE INDEX `rate_limits_window_start_idx` ON `rate_limits` (`window_start`);--> statement-breakpoint
CREATE INDEX `sessions_expires_at_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sleep_timers_end_time_idx` ON `sleep_timers` (`end_time`);