// Which MediaSource the player plays through (ADR 030): MSE where the browser takes MP3 through
// it, else none and the element plays the stream's URL itself.
import { readStored } from "#web/lib/storage.ts";

/** "element" plays the stream's URL in the element instead of through Media Source Extensions. */
const playerEngineStorageKey = "player-engine";

export type SourceClass = typeof MediaSource;

/**
 * The MediaSource class to play through, where one takes MP3 (plain or in MP4); null where the
 * element must play the URL itself. iPhones have only Safari's ManagedMediaSource;
 * `player-engine` = "managed" takes it where both exist (WebKitGTK, for tests).
 */
export function mediaSourceClass(): SourceClass | null {
  const choice = readStored(playerEngineStorageKey);
  if (choice === "element" || typeof fetch !== "function" || typeof ReadableStream === "undefined")
    return null;
  const scope = globalThis as { MediaSource?: SourceClass; ManagedMediaSource?: SourceClass };
  const candidates =
    choice === "managed" ? [scope.ManagedMediaSource] : [scope.MediaSource, scope.ManagedMediaSource];
  return (
    candidates.find(
      (Source) =>
        Source && (Source.isTypeSupported("audio/mpeg") || Source.isTypeSupported('audio/mp4; codecs="mp3"')),
    ) ?? null
  );
}
