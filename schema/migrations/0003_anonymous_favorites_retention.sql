CREATE TABLE `anonymous_owners` (
	`session_id` text PRIMARY KEY NOT NULL,
	`touched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `anonymous_owners_touched_at_idx` ON `anonymous_owners` (`touched_at`);--> statement-breakpoint
-- Hand-written below the generated table: each anonymous session that has favorites gets an
-- owner row touched now. Reads were never recorded, so a favorite's age says little about
-- whether its owner still uses it: counting from this migration, nobody's favorites are pruned
-- before a full ANONYMOUS_FAVORITES_RETENTION_DAYS has passed.
INSERT INTO `anonymous_owners` (`session_id`, `touched_at`)
SELECT `session_id`, cast(unixepoch('subsec') * 1000 as integer) FROM `favorites`
WHERE `user_id` IS NULL GROUP BY `session_id`;
