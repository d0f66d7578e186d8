-- Hand-written (ADR 034): an anonymous owner's "In total" row goes with its last stretch, so
-- listening_owner_totals holds at most one row per anonymous owner that still has a stretch
-- (bounded by LISTENING_MAX_ROWS), not one per browser that ever played. A user's row stays.
-- As in 0002: no CASE in a trigger body, LF line ends only.
DELETE FROM `listening_owner_totals`
WHERE `owner_key` LIKE 's:%'
  AND NOT EXISTS (
    SELECT 1 FROM `listening_sessions`
    WHERE `session_id` = substr(`listening_owner_totals`.`owner_key`, 3) AND `user_id` IS NULL
  );
--> statement-breakpoint
CREATE TRIGGER `listening_sessions_totals_delete` AFTER DELETE ON `listening_sessions`
  WHEN OLD.`user_id` IS NULL AND NOT EXISTS (
    SELECT 1 FROM `listening_sessions` WHERE `session_id` = OLD.`session_id` AND `user_id` IS NULL
  )
BEGIN
  DELETE FROM `listening_owner_totals` WHERE `owner_key` = 's:' || OLD.`session_id`;
END;
