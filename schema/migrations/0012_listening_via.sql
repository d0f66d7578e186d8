ALTER TABLE `listening_sessions` ADD `via` text DEFAULT 'site' NOT NULL;--> statement-breakpoint
-- Hand-written: every stretch counted before the embed existed was heard on the site, so the
-- insights' new row adds up to the total for earlier hours and days too.
INSERT INTO `session_rollups` (`resolution`, `start`, `dimension`, `value`, `sessions`, `seconds`)
SELECT `resolution`, `start`, 'via', 'site', sum(`sessions`), sum(`seconds`) FROM `session_rollups`
WHERE `dimension` = 'account' GROUP BY `resolution`, `start`;
