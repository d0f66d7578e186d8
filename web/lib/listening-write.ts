// A stretch of listening as both players write it (the site's, features/player/listening-recorder.ts,
// and the embed's, web/embed/listening.ts): POST /api/listening, bringing the stretch's pass
// once the live connection gave one (ADR 036). The server measures the time itself.
import type { ListeningWrite } from "#schema/api.ts";

/** A stretch under way; `livePass` once the live connection gave one (askForPass). */
export type Stretch = { id: string; startedAt: number; livePass?: string; asking?: boolean };

/** Resolves true once the server has recorded the write; never rejects. */
export function sendListeningWrite(
  stretch: Stretch,
  fields: Pick<ListeningWrite, "sessionId" | "quality" | "ended" | "via">,
  init: { credentials: RequestCredentials; keepalive: boolean },
): Promise<boolean> {
  const { id: listeningId, startedAt, livePass } = stretch;
  const body: ListeningWrite = { ...fields, listeningId, startedAt, ...(livePass ? { livePass } : {}) };
  return fetch("/api/listening", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    ...init,
  }).then(
    (response) => response.ok,
    (error: unknown) => {
      console.warn("Listening not recorded", error);
      return false;
    },
  );
}
