// The next-track widget of an external radio service: an array whose first item is the next track.
import type { Track } from "#schema/api.ts";
import { fetchUpstreamJson, imageUrl, isRecord, text, UpstreamError } from "./upstream";

export function parseNextTrackWidget(body: unknown): Track | null {
  if (!Array.isArray(body)) throw new UpstreamError("the next-track widget answered no array");
  const first: unknown = body[0];
  if (!isRecord(first)) return null;
  return {
    title: text(first.title) ?? "Unknown Title",
    artist: text(first.artist) ?? "Unknown Artist",
    album: text(first.album),
    artwork: imageUrl(first.cover) ?? imageUrl(first.artwork),
  };
}

export async function readNextTrackWidget(url: string): Promise<Track | null> {
  return parseNextTrackWidget(await fetchUpstreamJson(url));
}
