// Each card is drawn once: it is kept in R2 under the hash of what it shows (so every play of a
// track, and every id of it, shares one image) and a new design is a new version prefix.
import type { TrackHistoryItem } from "#schema/api.ts";
import { station } from "#schema/station.ts";
import { sha256Hex } from "../crypto";
import { type CardText, renderPng, shareCardSvg } from "./card";

const version = "v1";

export function cardText(track: Pick<TrackHistoryItem, "title" | "artist" | "album">): CardText {
  return {
    station: station.name,
    tagline: station.tagline,
    title: track.title,
    artist: track.artist,
    album: track.album,
  };
}

async function cardKey(text: CardText): Promise<string> {
  return `share-cards/${version}/${await sha256Hex(JSON.stringify(text))}.png`;
}

type StoredCard = { body: ReadableStream | Uint8Array; etag: string; size: number };

/**
 * The track's card from R2, drawn and stored first if it is not there yet; null when the card's
 * fonts cannot write the track's text (the station's own card stands in).
 */
export async function storedShareCard(bucket: R2Bucket, track: TrackHistoryItem): Promise<StoredCard | null> {
  const text = cardText(track);
  const key = await cardKey(text);
  const kept = await bucket.get(key);
  if (kept) return { body: kept.body, etag: kept.httpEtag, size: kept.size };
  const svg = shareCardSvg(text);
  if (svg === null) return null;
  const png = await renderPng(svg);
  const written = await bucket.put(key, png, { httpMetadata: { contentType: "image/png" } });
  return { body: png, etag: written.httpEtag, size: png.byteLength };
}
