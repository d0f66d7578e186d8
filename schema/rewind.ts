// Rewind's plain constants and rules (ADR 040, ADR 043), shared by the worker, the player and
// bench:rewind. No dependencies: the player imports these, never the zod schemas of
// schema/api/rewind.ts (zod would ride along into the player's start-up chunk).

export const rewindQualities = ["hd", "sd", "mobile"] as const;

/**
 * One index call lists the segments of a 10-minute page: the one that holds `at`, pages starting
 * on whole 10 minutes, so every player asking about the same stretch asks the same URL and the
 * edge answers most of them.
 */
export const rewindPageMs = 10 * 60_000;

/**
 * Where 'Restart this track' and the history's play buttons start: this long before the track's
 * stamp. A host publishes a new title a little after the new track's first bytes (Icecast applies
 * a metadata update a few hundred ms after it is sent), so the stamp trails the music; starting a
 * half second early keeps the first note (bench:rewind measures the offset).
 */
export const restartLeadMs = 500;

/**
 * A stamp and the in-band change that marks the same track lie this close at most: the stamp
 * trails the music by up to a poll and the host's report lag (bench:rewind: 0.1 to 1.6 s).
 */
export const inBandMatchMs = 4000;

/** The index pages (whole `rewindPageMs` since 1970) that may hold the stream's title change for a play stamped `stampMs`. */
export const rewindPagesNear = (stampMs: number): number[] => [
  ...new Set([stampMs - inBandMatchMs, stampMs + inBandMatchMs].map((t) => Math.floor(t / rewindPageMs))),
];

/**
 * Where a play's music starts, for 'Restart this track' and the history's play buttons: the
 * stream's own title change nearest the live room's stamp (within `inBandMatchMs`), one naming
 * the play's `title` first (a station ID between tracks changes the title too), else the stamp
 * less `restartLeadMs` (a host that sends no in-band titles, or a page not recorded).
 */
export function trackStart(
  stampMs: number,
  titles: readonly { at: number; title?: string }[],
  title?: string,
): number {
  const near = titles.filter((mark) => Math.abs(mark.at - stampMs) <= inBandMatchMs);
  const wanted = title?.toLowerCase();
  const named = wanted ? near.filter((mark) => mark.title?.toLowerCase().includes(wanted)) : [];
  let best: number | null = null;
  for (const { at } of named.length > 0 ? named : near)
    if (best === null || Math.abs(at - stampMs) < Math.abs(best - stampMs)) best = at;
  return best ?? stampMs - restartLeadMs;
}
