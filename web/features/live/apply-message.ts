// What a live message changes in the app: the now-playing, next-track and history queries,
// so every screen, the player bar and the lock screen (Media Session) follow it unchanged.
import type { QueryClient } from "@tanstack/react-query";
import type { LiveMessage, NextTrack, NowPlaying, TrackHistoryItem } from "#schema/api.ts";
import { nextTrackQueryKey, nowPlayingQueryKey } from "#web/lib/queries/radio.ts";
import { livePlaysQueryKey, trackHistoryQueryKey, withLivePlays } from "#web/lib/queries/track-history.ts";

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
  // Oldest first; the previous play carries a cover found after its track ended.
  const plays = [message.previous, message.played].filter((play) => play != null);
  if (plays.length > 0) {
    // Kept for a list that loads later; a list already loaded takes them now (a screen that has
    // none loads it whole).
    queryClient.setQueryData<TrackHistoryItem[]>(livePlaysQueryKey, plays);
    queryClient.setQueryData<TrackHistoryItem[]>(trackHistoryQueryKey, (list) =>
      list ? withLivePlays(list, plays) : list,
    );
  }
}
