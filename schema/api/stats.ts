// The listening statistics (GET /api/stats): totals, top artists and tracks, recent unique tracks.
import { z } from "zod";
import { playedTrack } from "./track-history";

export const listeningStats = z.object({
  totalPlays: z.number().int(),
  uniqueTracks: z.number().int(),
  uniqueArtists: z.number().int(),
  topArtist: z.object({ artist: z.string(), plays: z.number().int() }).nullable(),
  topTrack: z.object({ title: z.string(), artist: z.string(), plays: z.number().int() }).nullable(),
  topArtists: z.array(z.object({ artist: z.string(), plays: z.number().int() })),
  topTracks: z.array(z.object({ title: z.string(), artist: z.string(), plays: z.number().int() })),
  /** Unique tracks (docs/product.md §5), newest play first, with how often each was played. */
  recent: z.array(playedTrack),
});
export type ListeningStats = z.infer<typeof listeningStats>;
