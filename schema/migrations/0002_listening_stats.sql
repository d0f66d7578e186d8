CREATE TABLE `artist_plays` (
	`artist_key` text PRIMARY KEY NOT NULL,
	`artist` text NOT NULL,
	`plays` integer NOT NULL,
	`last_played` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `artist_plays_top_idx` ON `artist_plays` ("plays" desc,"last_played" desc,`artist_key`);--> statement-breakpoint
CREATE TABLE `listening_totals` (
	`id` integer PRIMARY KEY NOT NULL,
	`total_plays` integer DEFAULT 0 NOT NULL,
	`unique_tracks` integer DEFAULT 0 NOT NULL,
	`unique_artists` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `track_plays` (
	`title_key` text NOT NULL,
	`artist_key` text NOT NULL,
	`title` text NOT NULL,
	`artist` text NOT NULL,
	`plays` integer NOT NULL,
	`last_played` integer NOT NULL,
	PRIMARY KEY(`title_key`, `artist_key`)
);
--> statement-breakpoint
CREATE INDEX `track_plays_top_idx` ON `track_plays` ("plays" desc,"last_played" desc,`title_key`,`artist_key`);--> statement-breakpoint
-- Hand-written below the generated tables: the groups and totals of the history already
-- recorded, then the triggers that keep them current (docs/decisions/012-stored-listening-stats.md).
-- Trigger bodies use no CASE expression and LF line ends only: wrangler's statement splitter
-- has mis-split trigger bodies with either.
INSERT INTO `artist_plays` (`artist_key`, `artist`, `plays`, `last_played`)
SELECT `artist_key`, `artist`, `plays`, `last_played` FROM (
  SELECT lower(trim(`artist`)) AS `artist_key`, trim(`artist`) AS `artist`,
    count(*) OVER `grp` AS `plays`, max(`played_at`) OVER `grp` AS `last_played`,
    row_number() OVER (PARTITION BY lower(trim(`artist`)) ORDER BY `played_at` DESC, `id` DESC) AS `n`
  FROM `track_history`
  WINDOW `grp` AS (PARTITION BY lower(trim(`artist`)))
) WHERE `n` = 1;
--> statement-breakpoint
INSERT INTO `track_plays` (`title_key`, `artist_key`, `title`, `artist`, `plays`, `last_played`)
SELECT `title_key`, `artist_key`, `title`, `artist`, `plays`, `last_played` FROM (
  SELECT lower(trim(`title`)) AS `title_key`, lower(trim(`artist`)) AS `artist_key`,
    trim(`title`) AS `title`, trim(`artist`) AS `artist`,
    count(*) OVER `grp` AS `plays`, max(`played_at`) OVER `grp` AS `last_played`,
    row_number() OVER (PARTITION BY lower(trim(`title`)), lower(trim(`artist`)) ORDER BY `played_at` DESC, `id` DESC) AS `n`
  FROM `track_history`
  WINDOW `grp` AS (PARTITION BY lower(trim(`title`)), lower(trim(`artist`)))
) WHERE `n` = 1;
--> statement-breakpoint
INSERT INTO `listening_totals` (`id`, `total_plays`, `unique_tracks`, `unique_artists`)
SELECT 1, (SELECT count(*) FROM `track_history`), (SELECT count(*) FROM `track_plays`), (SELECT count(*) FROM `artist_plays`);
--> statement-breakpoint
CREATE TRIGGER `track_history_stats_insert` AFTER INSERT ON `track_history`
BEGIN
  INSERT INTO `artist_plays` (`artist_key`, `artist`, `plays`, `last_played`)
    VALUES (lower(trim(NEW.`artist`)), trim(NEW.`artist`), 1, NEW.`played_at`)
    ON CONFLICT (`artist_key`) DO UPDATE SET
      `plays` = `plays` + 1,
      `artist` = iif(excluded.`last_played` >= `last_played`, excluded.`artist`, `artist`),
      `last_played` = max(`last_played`, excluded.`last_played`);
  INSERT INTO `track_plays` (`title_key`, `artist_key`, `title`, `artist`, `plays`, `last_played`)
    VALUES (lower(trim(NEW.`title`)), lower(trim(NEW.`artist`)), trim(NEW.`title`), trim(NEW.`artist`), 1, NEW.`played_at`)
    ON CONFLICT (`title_key`, `artist_key`) DO UPDATE SET
      `plays` = `plays` + 1,
      `title` = iif(excluded.`last_played` >= `last_played`, excluded.`title`, `title`),
      `artist` = iif(excluded.`last_played` >= `last_played`, excluded.`artist`, `artist`),
      `last_played` = max(`last_played`, excluded.`last_played`);
  UPDATE `listening_totals` SET `total_plays` = `total_plays` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `track_history_stats_delete` AFTER DELETE ON `track_history`
BEGIN
  UPDATE `artist_plays` SET `plays` = `plays` - 1 WHERE `artist_key` = lower(trim(OLD.`artist`));
  DELETE FROM `artist_plays` WHERE `artist_key` = lower(trim(OLD.`artist`)) AND `plays` <= 0;
  UPDATE `track_plays` SET `plays` = `plays` - 1
    WHERE `title_key` = lower(trim(OLD.`title`)) AND `artist_key` = lower(trim(OLD.`artist`));
  DELETE FROM `track_plays`
    WHERE `title_key` = lower(trim(OLD.`title`)) AND `artist_key` = lower(trim(OLD.`artist`)) AND `plays` <= 0;
  UPDATE `listening_totals` SET `total_plays` = `total_plays` - 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `artist_plays_count_insert` AFTER INSERT ON `artist_plays`
BEGIN
  UPDATE `listening_totals` SET `unique_artists` = `unique_artists` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `artist_plays_count_delete` AFTER DELETE ON `artist_plays`
BEGIN
  UPDATE `listening_totals` SET `unique_artists` = `unique_artists` - 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `track_plays_count_insert` AFTER INSERT ON `track_plays`
BEGIN
  UPDATE `listening_totals` SET `unique_tracks` = `unique_tracks` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `track_plays_count_delete` AFTER DELETE ON `track_plays`
BEGIN
  UPDATE `listening_totals` SET `unique_tracks` = `unique_tracks` - 1 WHERE `id` = 1;
END;
