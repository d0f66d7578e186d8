// The real local station (dev/station), shared by every test file: what its helper says it plays
// now and next, a rotation to its next title on demand, and the live room's reader of it.
import { env } from "cloudflare:workers";

type StationTrack = { title: string; artist: string; album: string };
export type StationStatus = { current: StationTrack; next: StationTrack };

export async function stationStatus(): Promise<StationStatus> {
  return (await (await fetch(`${env.STATION_HELPER_URL}/status`)).json()) as StationStatus;
}

/** Moves the station to its next title; answers once Icecast reports it on every mount. */
export async function rotateStation(): Promise<Pick<StationStatus, "current">> {
  const res = await fetch(`${env.STATION_HELPER_URL}/rotate`, { method: "POST" });
  return (await res.json()) as Pick<StationStatus, "current">;
}

/** The reader the routes use (a test that wants one of its own names another). */
export const stationReader = () => env.STATION_READER.getByName("station");

/** The next message on a live-room socket, parsed. */
export function nextMessage(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    socket.addEventListener("message", (event) => resolve(JSON.parse(event.data as string)), { once: true });
  });
}
