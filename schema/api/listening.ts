// The listener's own listening (docs/product.md §10): sessions written while the radio plays, and the
// summary /analytics shows as "Your listening".
import { z } from "zod";
import { listeningVia } from "../listener-rules";
import { ownerId } from "./common";

/** POST /api/listening: this stretch of listening goes on (or, with `ended`, is over). */
export const listeningWrite = z.object({
  /** The favorites owner: the anonymous browser's id, or the user's id when logged in. */
  sessionId: ownerId,
  /** Made by the browser when play starts, one per stretch of listening. */
  listeningId: z.uuid({ error: "listeningId must be a UUID" }),
  /** When play started, by the browser's clock; the server trusts it only within a minute. */
  startedAt: z.number().int().nonnegative(),
  quality: z.enum(["hd", "sd", "mobile"], { error: "quality must be hd, sd or mobile" }),
  ended: z.boolean().default(false),
  /** The player it is heard on: the site's own, or the embed on a partner's page (/embed). */
  via: z.enum(listeningVia, { error: "via must be site or embed" }).default("site"),
  /** A pass the live room gave the player's connection (ADR 036): marks the stretch live. */
  livePass: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/, { error: "livePass must be a pass the live room gave" })
    .optional(),
});
export type ListeningWrite = z.infer<typeof listeningWrite>;

/** GET /api/listening/{owner}: time listened and the artists heard most. */
export const listeningSummary = z.object({
  /** Seconds listened in the last 7 days, and ever. */
  weekSeconds: z.number().int().nonnegative(),
  totalSeconds: z.number().int().nonnegative(),
  sessions: z.number().int().nonnegative(),
  /** From the station's history during the listener's sessions, most heard first. */
  topArtists: z.array(z.object({ artist: z.string(), plays: z.number().int().positive() })),
});
export type ListeningSummary = z.infer<typeof listeningSummary>;
