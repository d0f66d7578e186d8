// track_history rows as a test plays them in and reads them back.
import { env } from "cloudflare:workers";

export type Play = {
  title: string;
  artist?: string;
  album?: string | null;
  artwork?: string | null;
  at: number;
};

/** Inserts the plays as the cron or the live room would have recorded them ("Artist" unless named). */
export async function insertPlays(plays: Play[]): Promise<void> {
  const insert = env.DB.prepare(
    "insert into track_history (title, artist, album, artwork, played_at) values (?1, ?2, ?3, ?4, ?5)",
  );
  await env.DB.batch(
    plays.map((p) => insert.bind(p.title, p.artist ?? "Artist", p.album ?? null, p.artwork ?? null, p.at)),
  );
}

/** Every row, oldest first. */
export async function historyRows() {
  const rows = await env.DB.prepare(
    "select id, title, artist, played_at from track_history order by id",
  ).all<{
    id: number;
    title: string;
    artist: string;
    played_at: number;
  }>();
  return rows.results;
}
