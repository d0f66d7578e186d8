CREATE TABLE `listening_owner_totals` (
	`owner_key` text PRIMARY KEY NOT NULL,
	`seconds` integer DEFAULT 0 NOT NULL,
	`sessions` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `row_counts` (
	`name` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written below the generated tables (ADR 034): the totals and counts of what is stored
-- already, then the triggers that keep them current. As in 0002: no CASE in a trigger body, LF
-- line ends only (wrangler's statement splitter has mis-split trigger bodies with either).
INSERT INTO `listening_owner_totals` (`owner_key`, `seconds`, `sessions`)
SELECT iif(`user_id` IS NULL, 's:' || `session_id`, 'u:' || `user_id`), sum(`duration_seconds`), count(*)
FROM `listening_sessions` GROUP BY 1;
--> statement-breakpoint
INSERT INTO `row_counts` (`name`, `n`) VALUES
  ('anonymous_favorites', (SELECT count(*) FROM `favorites` WHERE `user_id` IS NULL)),
  ('listening_sessions', (SELECT count(*) FROM `listening_sessions`));
--> statement-breakpoint
CREATE TRIGGER `listening_sessions_totals_insert` AFTER INSERT ON `listening_sessions`
BEGIN
  INSERT INTO `listening_owner_totals` (`owner_key`, `seconds`, `sessions`)
    VALUES (iif(NEW.`user_id` IS NULL, 's:' || NEW.`session_id`, 'u:' || NEW.`user_id`), NEW.`duration_seconds`, 1)
    ON CONFLICT (`owner_key`) DO UPDATE SET
      `seconds` = `seconds` + excluded.`seconds`,
      `sessions` = `sessions` + 1;
  UPDATE `row_counts` SET `n` = `n` + 1 WHERE `name` = 'listening_sessions';
END;
--> statement-breakpoint
CREATE TRIGGER `listening_sessions_totals_update` AFTER UPDATE OF `duration_seconds` ON `listening_sessions`
BEGIN
  UPDATE `listening_owner_totals` SET `seconds` = `seconds` + NEW.`duration_seconds` - OLD.`duration_seconds`
    WHERE `owner_key` = iif(NEW.`user_id` IS NULL, 's:' || NEW.`session_id`, 'u:' || NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `listening_sessions_count_delete` AFTER DELETE ON `listening_sessions`
BEGIN
  UPDATE `row_counts` SET `n` = `n` - 1 WHERE `name` = 'listening_sessions';
END;
--> statement-breakpoint
CREATE TRIGGER `favorites_anonymous_count_insert` AFTER INSERT ON `favorites` WHEN NEW.`user_id` IS NULL
BEGIN
  UPDATE `row_counts` SET `n` = `n` + 1 WHERE `name` = 'anonymous_favorites';
END;
--> statement-breakpoint
CREATE TRIGGER `favorites_anonymous_count_delete` AFTER DELETE ON `favorites` WHEN OLD.`user_id` IS NULL
BEGIN
  UPDATE `row_counts` SET `n` = `n` - 1 WHERE `name` = 'anonymous_favorites';
END;
--> statement-breakpoint
CREATE TRIGGER `favorites_anonymous_count_claim` AFTER UPDATE OF `user_id` ON `favorites`
  WHEN OLD.`user_id` IS NULL AND NEW.`user_id` IS NOT NULL
BEGIN
  UPDATE `row_counts` SET `n` = `n` - 1 WHERE `name` = 'anonymous_favorites';
END;
