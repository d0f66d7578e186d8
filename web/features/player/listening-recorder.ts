// The listener's own listening (docs/product.md §10, "Your listening" on /analytics): a stretch from play
// to pause, written once a minute while it plays and once when it stops or the tab goes away.
// The server measures the time itself (worker/lib/listening.ts); the live connection's pass
// makes the stretch count in the station's insights (ADR 036). Part of the player's lazy
// integrations.
import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useEffect, useRef } from "react";
import { listening } from "#schema/listener-rules.ts";
import { type Stretch, sendListeningWrite } from "#web/lib/listening-write.ts";
import { askForPass } from "#web/lib/live-pass.ts";
import { listeningSummaryKey } from "#web/lib/queries/listening.ts";
import { useFavoritesOwner, useMakeAnonymousId } from "../favorites/owner";
import { isPlayingStatus, playbackStatusAtom, qualityAtom } from "./state";

export function useListeningRecorder() {
  const { user, ownerId, userPending } = useFavoritesOwner();
  const makeAnonymousId = useMakeAnonymousId();
  const queryClient = useQueryClient();
  const status = useAtomValue(playbackStatusAtom);
  const quality = useAtomValue(qualityAtom);
  const loggedOut = !userPending && !user;
  const latest = useRef({ ownerId, loggedOut, quality });
  latest.current = { ownerId, loggedOut, quality };
  const stretch = useRef<Stretch | null>(null);

  const write = (current: Stretch, ended: boolean) => {
    const { quality: q } = latest.current;
    // A logged-out listener's first stretch is what makes this browser's anonymous id (or reads
    // the one it has, before the owner hook has read it).
    const sessionId = latest.current.ownerId ?? (latest.current.loggedOut ? makeAnonymousId() : null);
    // A stretch that ends as the tab closes is still written (keepalive). Once recorded, "Your
    // listening" (/analytics) is read again if it is shown, and is stale for the next visit if not.
    if (sessionId)
      void sendListeningWrite(
        current,
        { sessionId, quality: q, ended, via: "site" },
        { credentials: "include", keepalive: true },
      ).then((recorded) => {
        if (recorded) void queryClient.invalidateQueries({ queryKey: listeningSummaryKey(sessionId) });
      });
  };
  const writeRef = useRef(write);
  writeRef.current = write;

  const playing = isPlayingStatus(status);
  useEffect(() => {
    if (!playing) return;
    const current: Stretch = { id: crypto.randomUUID(), startedAt: Date.now() };
    stretch.current = current;
    askForPass(current);
    const timer = setInterval(() => {
      writeRef.current(current, false);
      askForPass(current);
    }, listening.writeEveryMs);
    return () => {
      clearInterval(timer);
      stretch.current = null;
      writeRef.current(current, true);
    };
  }, [playing]);

  useEffect(() => {
    const onPageHide = () => {
      if (stretch.current) writeRef.current(stretch.current, true);
      stretch.current = null;
    };
    window.addEventListener("pagehide", onPageHide);
    return () => window.removeEventListener("pagehide", onPageHide);
  }, []);
}
