// The embed's stretches of listening, written as the site's player writes them (once a minute
// while it plays, once as it stops; the server measures the time), marked as heard through the
// embed, with the live connection's pass so the insights count them (ADR 036; main.ts hands
// this page's connection to web/lib/live-pass.ts). The owner is an
// id made for this page and never stored: a partner's visitor keeps nothing of ours.
import { listening } from "#schema/listener-rules.ts";
import type { StreamQuality } from "#web/lib/constants.ts";
import { type Stretch, sendListeningWrite } from "#web/lib/listening-write.ts";
import { askForPass } from "#web/lib/live-pass.ts";
import { createSessionId } from "#web/lib/session-id.ts";

export function createEmbedListening(quality: () => StreamQuality) {
  const sessionId = createSessionId();
  let stretch: Stretch | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  // Only a write as the page goes needs to outlive it (keepalive); no cookie goes with any.
  const write = (current: Stretch, ended: boolean, leaving = false) =>
    sendListeningWrite(
      current,
      { sessionId, quality: quality(), ended, via: "embed" },
      { credentials: "omit", keepalive: leaving },
    );

  const stopped = (leaving = false) => {
    if (!stretch) return;
    clearInterval(timer);
    write(stretch, true, leaving);
    stretch = null;
  };
  addEventListener("pagehide", () => stopped(true));

  return {
    /** The radio plays: a stretch begins unless one is under way (a reconnect keeps it). */
    playing() {
      if (stretch) return;
      const current: Stretch = { id: crypto.randomUUID(), startedAt: Date.now() };
      stretch = current;
      askForPass(current);
      timer = setInterval(() => {
        write(current, false);
        askForPass(current);
      }, listening.writeEveryMs);
    },
    stopped: () => stopped(),
  };
}
