// Radio queries: now playing and next track. The live connection (features/live) writes
// every change into them; while it is down they poll every 30 s while the tab is visible or
// the radio is playing (so the lock screen stays current), and catch up when the tab shows.
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { NextTrack, NowPlaying } from "#schema/api.ts";
import { fallbackTrack } from "#schema/station.ts";
import { fetchInOwnTask } from "../api";
import { nextTrackPollMs, nowPlayingPollMs } from "../constants";
import { liveConnectedAtom } from "../live-status";
import { isPlayingAtom } from "../playback-status";

export const nowPlayingQueryKey = ["/api/radio/now-playing"] as const;
export const nextTrackQueryKey = ["/api/radio/next-track"] as const;

/** docs/product.md §8: on failure, non-OK or non-JSON, the error is logged and the fallback track shown. */
export async function fetchNowPlaying(): Promise<NowPlaying> {
  try {
    const res = await fetchInOwnTask(nowPlayingQueryKey[0], { credentials: "include" });
    const text = await res.text();
    if (!res.ok) throw new Error(`${res.status}: ${text || res.statusText}`);
    const data = JSON.parse(text) as NowPlaying | null;
    if (typeof data?.title !== "string" || typeof data.artist !== "string") {
      throw new Error("Now playing: unexpected response");
    }
    return data;
  } catch (error) {
    console.error("Failed to fetch now playing", error);
    return { ...fallbackTrack };
  }
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

/** Whether the tab is visible; true on the server so prerendered HTML matches the first render. */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== "hidden",
    () => true,
  );
}

function usePolledQuery<T>(queryKey: readonly unknown[], intervalMs: number, queryFn?: () => Promise<T>) {
  const visible = useDocumentVisible();
  const playing = useAtomValue(isPlayingAtom);
  const live = useAtomValue(liveConnectedAtom);
  const query = useQuery<T>({
    queryKey,
    ...(queryFn ? { queryFn } : {}),
    // The live connection pushes every change; polling runs only while it is down.
    refetchInterval: () => (!live && (visible || playing) ? intervalMs : false),
    // Polling goes on in a hidden tab while the radio plays (lock screen, headphones).
    refetchIntervalInBackground: true,
  });
  const { refetch } = query;
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current && !live) void refetch({ cancelRefetch: false });
    wasVisible.current = visible;
  }, [visible, live, refetch]);
  return query;
}

export function useNowPlaying() {
  return usePolledQuery<NowPlaying>(nowPlayingQueryKey, nowPlayingPollMs, fetchNowPlaying);
}

export function useNextTrack() {
  return usePolledQuery<NextTrack>(nextTrackQueryKey, nextTrackPollMs);
}
