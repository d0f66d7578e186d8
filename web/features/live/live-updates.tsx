// Opens the app's one live connection after hydration (the module loads lazily, off the
// first render's budget) and feeds its messages into the query cache, each track change at the
// moment this listener hears it (in-step.ts).
import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { setLivePassSource } from "#web/lib/live-pass.ts";
import { liveConnectedAtom } from "#web/lib/live-status.ts";

export function LiveUpdates() {
  const queryClient = useQueryClient();
  const setConnected = useSetAtom(liveConnectedAtom);
  useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    let close: (() => void) | undefined;
    let cancelled = false;
    let version = -1;
    void Promise.all([
      import("./connection"),
      import("./apply-message"),
      import("./in-step"),
      import("#web/lib/listening-delay.ts"),
    ]).then(
      ([
        { connectLive, liveUrl },
        { applyLiveMessage },
        { createInStep },
        { listeningDelayMs, noteServerClockOffset, onListeningChange },
      ]) => {
        if (cancelled) return;
        const inStep = createInStep({
          apply: (message) => applyLiveMessage(queryClient, message),
          delayMs: listeningDelayMs,
          onOffset: noteServerClockOffset,
        });
        const stopListening = onListeningChange(inStep.recheck);
        const connection = connectLive(liveUrl(location), {
          onOpenChange: setConnected,
          onMessage: (message, firstOfConnection) => {
            // Older than what is shown: a reordered message. A new connection's first message
            // is the server's state as it is, so it always counts.
            if (message.version <= version && !firstOfConnection) return;
            version = message.version;
            inStep.offer(message);
          },
        });
        setLivePassSource(connection.requestPass);
        close = () => {
          setLivePassSource(null);
          connection.stop();
          stopListening();
          inStep.dispose();
        };
      },
    );
    return () => {
      cancelled = true;
      close?.();
      setConnected(false);
    };
  }, [queryClient, setConnected]);
  return null;
}
