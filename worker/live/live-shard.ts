// One shard of the players' live connections: hibernatable WebSockets (idle sockets cost no
// duration; pings are answered without waking the object). The station reader hands it each
// change; it sends that change to every socket it holds. ADR 009.
import { DurableObject } from "cloudflare:workers";
import { livePassRequest } from "#schema/api.ts";
import { getConfig } from "../lib/config";
import { getDb } from "../lib/db";
import { issueLivePass, livePassesPerSocketPerHour } from "../lib/live-passes";
import { widerNetworkShare } from "../lib/rate-limit";
import { liveNetworkHeader, liveWiderNetworkHeader, readerOfShard } from "./names";
import { liveMessage, type StationState } from "./station-state";

const stateKey = "state";
/** How long a refused player waits before it tries again (it polls meanwhile). */
const refusedRetrySeconds = 60;

function refusal(status: 429 | 503, message: string, error: string): Response {
  return Response.json(
    { error, message },
    { status, headers: { "Retry-After": String(refusedRetrySeconds), "Cache-Control": "no-store" } },
  );
}

/**
 * Connections a network may open per minute, as a multiple of the sockets it may hold: a page
 * reloaded, a phone changing networks, a few tabs, never a loop.
 */
const connectsPerSocketPerMinute = 3;
const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

/** The passes a connection was given in its current hour (kept on the socket, across hibernation). */
type PassesGiven = { since: number; count: number };

export class LiveShard extends DurableObject<Env> {
  private state: StationState | undefined;
  /**
   * When each network connected in the last minute. In memory: a shard evicted forgets it, which
   * only lets a storm start over; it slows a loop, it is no budget (those are in D1, ADR 032).
   */
  private recentConnects = new Map<string, number[]>();
  /**
   * Passes given per network in its current hour (ADR 036), beside each socket's own count: a
   * network reconnecting to get fresh sockets still gets no more than its sockets' worth. In
   * memory, as recentConnects: an evicted shard forgets, which only lets an hour start over.
   */
  private passesByNetwork = new Map<string, PassesGiven>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    void ctx.blockConcurrencyWhile(async () => {
      this.state = await ctx.storage.get<StationState>(stateKey);
    });
  }

  /**
   * A player's connection (the worker has checked the upgrade and the origin, and names the
   * client's network in a header). Refused, so the player polls instead, once this shard holds
   * LIVE_SOCKETS_PER_SHARD sockets (503) or the network LIVE_SOCKETS_PER_NETWORK (429), or once
   * the network connected three times that in the last minute (429), each with Retry-After: a
   * script holding thousands of sockets, or reconnecting in a loop, cannot slow the rest.
   */
  override async fetch(request: Request): Promise<Response> {
    const config = getConfig(this.env);
    const network = request.headers.get(liveNetworkHeader) ?? "unknown";
    if (this.ctx.getWebSockets().length >= config.LIVE_SOCKETS_PER_SHARD) {
      return refusal(503, "The live room is full. Titles are polled instead.", "live_room_full");
    }
    const wider = request.headers.get(liveWiderNetworkHeader);
    if (
      this.ctx.getWebSockets(network).length >= config.LIVE_SOCKETS_PER_NETWORK ||
      (wider &&
        this.ctx.getWebSockets(wider).length >= config.LIVE_SOCKETS_PER_NETWORK * widerNetworkShare) ||
      !this.mayConnect(network, config.LIVE_SOCKETS_PER_NETWORK * connectsPerSocketPerMinute)
    ) {
      return refusal(429, "Too many live connections from your network.", "too_many_requests");
    }
    const state = this.state ?? (await this.firstState());
    const { 0: client, 1: server } = new WebSocketPair();
    // Tagged with its networks: getWebSockets(network) counts that network's sockets here.
    this.ctx.acceptWebSocket(server, wider ? [network, wider] : [network]);
    server.send(JSON.stringify(liveMessage(state, Date.now())));
    return new Response(null, { status: 101, webSocket: client });
  }

  private forgetQuietNetworks(now: number): void {
    for (const [key, given] of this.passesByNetwork) {
      if (now - given.since >= hourMs) this.passesByNetwork.delete(key);
    }
  }

  /** Notes a connect of `network`; false once it connected `perMinute` times in the last minute. */
  private mayConnect(network: string, perMinute: number): boolean {
    const now = Date.now();
    if (this.recentConnects.size > 10_000) {
      for (const [key, times] of this.recentConnects) {
        if (now - (times.at(-1) ?? 0) >= minuteMs) this.recentConnects.delete(key);
      }
    }
    const times = (this.recentConnects.get(network) ?? []).filter((at) => now - at < minuteMs);
    if (times.length >= perMinute) {
      this.recentConnects.set(network, times);
      return false;
    }
    times.push(now);
    this.recentConnects.set(network, times);
    return true;
  }

  /**
   * A new shard asks its reader. The answer counts as a publication (kept, and sent to any
   * socket accepted meanwhile), so the reader's own publish of that version changes nothing.
   */
  private async firstState(): Promise<StationState> {
    const reader = this.env.STATION_READER.getByName(readerOfShard(this.ctx.id.name));
    const snapshot = await reader.snapshot();
    await this.publish(snapshot);
    return this.state ?? snapshot;
  }

  /** A change from the station reader: kept, then sent to every player here. */
  async publish(state: StationState): Promise<number> {
    if (this.state && state.version <= this.state.version && state.source === this.state.source) return 0;
    this.state = state;
    await this.ctx.storage.put(stateKey, state);
    const message = JSON.stringify(liveMessage(state, Date.now()));
    let sent = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(message);
        sent++;
      } catch {
        // Closing or closed: its close handler tidies up.
      }
    }
    return sent;
  }

  /**
   * Players send "ping", which the runtime answers without waking the object, and "pass" as
   * they start playing: the answer is a pass for the insights (ADR 036), at most
   * livePassesPerSocketPerHour a connection, else null. Anything else closes the connection.
   */
  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message !== livePassRequest) {
      socket.close(1008, "Players only send ping and pass");
      return;
    }
    const now = Date.now();
    const inHour = (given: PassesGiven | null | undefined): PassesGiven =>
      given && now - given.since < hourMs ? given : { since: now, count: 0 };
    const mine = inHour(socket.deserializeAttachment() as PassesGiven | null);
    const network = this.ctx.getTags(socket)[0] ?? "unknown";
    const theirs = inHour(this.passesByNetwork.get(network));
    const networkShare = livePassesPerSocketPerHour * getConfig(this.env).LIVE_SOCKETS_PER_NETWORK;
    let pass: string | null = null;
    if (mine.count < livePassesPerSocketPerHour && theirs.count < networkShare) {
      // Counted before the write, so requests racing each other cannot pass the cap together;
      // given back when the write fails (read again: others may have counted meanwhile).
      socket.serializeAttachment({ ...mine, count: mine.count + 1 } satisfies PassesGiven);
      this.passesByNetwork.set(network, { ...theirs, count: theirs.count + 1 });
      if (this.passesByNetwork.size > 10_000) this.forgetQuietNetworks(now);
      try {
        pass = await issueLivePass(getDb(this.env.DB), now);
      } catch (err) {
        console.error("live room: issuing a pass failed", err);
        const socketNow = socket.deserializeAttachment() as PassesGiven;
        socket.serializeAttachment({ ...socketNow, count: socketNow.count - 1 } satisfies PassesGiven);
        const networkNow = this.passesByNetwork.get(network);
        if (networkNow) this.passesByNetwork.set(network, { ...networkNow, count: networkNow.count - 1 });
      }
    }
    try {
      socket.send(JSON.stringify({ type: livePassRequest, pass }));
    } catch {
      // Closed meanwhile.
    }
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    try {
      socket.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    try {
      socket.close(1011, "Connection error");
    } catch {
      // Already closed.
    }
  }
}
