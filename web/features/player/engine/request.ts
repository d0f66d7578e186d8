// A connection's request for the stream, apart from the engine: the stream source makes the first
// one at the press, so it travels while the engine's module loads (ADR 030).

export type StreamRequest = { response: Promise<Response>; controller: AbortController };

/** A simple CORS GET of the mount, never from a cache. */
export function requestStream(url: string): StreamRequest {
  const controller = new AbortController();
  const response = fetch(url, { signal: controller.signal, cache: "no-store" });
  // Awaited by its connection; one never used (stopped before the engine loaded) fails unobserved.
  response.catch(() => {});
  return { response, controller };
}
