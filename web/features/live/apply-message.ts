// What a live message changes in the app: the now-playing, next-track and history queries,
// so every screen, the player bar and the lock screen (Media Session) follow it unchanged.
import type { QueryClient } from "@tanstack/react-query";
import type { LiveMessage, NextTrack, NowPlaying, TrackHistoryItem } from "#schema/api.ts";
import { trackHistoryQueryKey } from "#web/lib/queries/history.ts";
import { nextTrackQueryKey, nowPlayingQueryKey } from "#web/lib/queries/radio.ts";

/** The server keeps at most this many history rows in the list it serves. */
const historyListLength = 100;

export function applyLiveMessage(queryClient: QueryClient, message: LiveMessage): void {
  // A poll still on its way (sent before the connection opened) is older: it must not land after.
  for (const queryKey of [nowPlayingQueryKey, nextTrackQueryKey]) {
    void queryClient.cancelQueries({ queryKey, exact: true });
  }
  const nowPlaying: NowPlaying = {
    ...message.current,
    listeners: message.listeners,
    listenersHidden: message.listenersHidden,
    historyId: message.played?.id ?? null,
  };
  queryClient.setQueryData<NowPlaying>(nowPlayingQueryKey, nowPlaying);
  queryClient.setQueryData<NextTrack>(nextTrackQueryKey, message.next);
  const played = message.played;
  if (played) {
    // Only a list already loaded is extended; a screen that has none loads it whole. A play it
    // holds already is replaced: the cover found after the push comes as the same play.
    queryClient.setQueryData<TrackHistoryItem[]>(trackHistoryQueryKey, (list) => {
      if (!list) return list;
      const at = list.findIndex((item) => item.id === played.id);
      if (at === -1) return [played, ...list].slice(0, historyListLength);
      return list[at]?.artwork === played.artwork ? list : list.with(at, played);
    });
  }
}
