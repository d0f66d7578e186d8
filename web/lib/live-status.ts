import { atom } from "jotai";

/**
 * Whether the live connection (GET /api/radio/live) is open. While it is, now playing, the
 * next track and the history follow it and the spec's 30 s polls stop; when it is not,
 * polling is what runs.
 */
export const liveConnectedAtom = atom(false);
