// @project worker-station: it moves the station or holds it to what it played across reads (ADR 022).
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { type LiveMessage, liveMessage as liveMessageSchema } from "#schema/api.ts";
import { fallbackTrack } from "#schema/station.ts";
import { getConfig } from "#worker/lib/config.ts";
import { getDb } from "#worker/lib/db.ts";
import { announcesNextTrack, observeStation } from "#worker/lib/radio/index.ts";
import {
  currentStation,
  type LiveShard,
  type StationReader,
  type StationState,
  stationSnapshots,
} from "#worker/live/index.ts";
import { readerOfShard, shardName } from "#worker/live/names.ts";
import { recordPlay } from "#worker/live/reader/record-play.ts";
import { advance, coldState } from "#worker/live/station-state.ts";
import { azuracastHost, nothingListens, widgetUrl } from "./support/fakes";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { nextMessage, rotateStation, stationReader, stationStatus } from "./support/station";
import { historyRows, insertPlays } from "./support/track-history";

/** The configuration with binding overrides (the generated Env type pins the production values). */
const configWith = (bindings: Record<string, string>) => getConfig({ ...env, ...bindings });

/** An AzuraCast station without a next-track widget, at a URL of its own. */
const azuracast = (mode: string, query: Record<string, string> = {}) => ({
  ...azuracastHost(mode, { case: crypto.randomUUID(), ...query }),
  NEXT_TRACK_URL: "",
});

/** A reader of its own for one test: the same class as production's "station", another name. */
const freshReader = () => env.STATION_READER.getByName(`test-${crypto.randomUUID()}`);

/** Swaps the reader's bindings in place: another radio host, shard count or shard namespace. */
const withHost = (reader: DurableObjectStub<StationReader>, bindings: Record<string, unknown>) =>
  runInDurableObject(reader, (instance: StationReader) => {
    Reflect.set(instance, "env", { ...env, ...bindings });
  });

beforeEach(() => clearTables("track_history"));

describe("the spec's calls when the live room does not answer", () => {
  it("answer the newest recorded track, else the fallback track, not an error", async () => {
    const broken = {
      ...env,
      STATION_READER: { getByName: () => ({ snapshot: () => Promise.reject(new Error("overloaded")) }) },
    } as unknown as Env;
    const state = await currentStation(broken, getConfig(env));
    expect(state.current).toEqual({ ...fallbackTrack, album: null, artwork: null });
  });
});

describe("the spec's calls under load", () => {
  /** A stand-in room whose snapshots the test answers one by one. */
  function slowRoom() {
    const pending: ((state: StationState) => void)[] = [];
    const roomEnv = {
      ...env,
      STATION_READER: {
        getByName: () => ({ snapshot: () => new Promise<StationState>((resolve) => pending.push(resolve)) }),
      },
    } as unknown as Env;
    return { roomEnv, pending };
  }
  const stateWith = (title: string) =>
    ({ current: { title, artist: "A", album: null, artwork: null } }) as unknown as StationState;

  /** Snapshots on a clock the test moves, that already hold "One" (read at time 0). */
  async function holdingOne() {
    const clock = { now: 0 };
    const snapshots = stationSnapshots({ ttlMs: 1000, refreshTimeoutMs: 2000, now: () => clock.now });
    const { roomEnv, pending } = slowRoom();
    const config = getConfig(env);
    const ask = () => snapshots(roomEnv, config);
    const first = ask();
    pending[0]?.(stateWith("One"));
    expect((await first).current.title).toBe("One");
    return { ask, pending, clock };
  }

  it("answer the state they have while another request refreshes it, and ask the room once", async () => {
    const { ask, pending, clock } = await holdingOne();
    clock.now = 1500;
    const refreshing = ask();
    // A second request while the refresh is out does not wait for it, nor ask the room again.
    expect((await ask()).current.title).toBe("One");
    expect(pending).toHaveLength(2);
    pending[1]?.(stateWith("Two"));
    expect((await refreshing).current.title).toBe("Two");
    expect((await ask()).current.title).toBe("Two");
    expect(pending).toHaveLength(2);
  });

  it("ask the room again when a refresh never came back", async () => {
    const { ask, pending, clock } = await holdingOne();
    clock.now = 1500;
    void ask(); // its answer never comes
    clock.now = 4000;
    const retried = ask();
    expect(pending).toHaveLength(3);
    pending[2]?.(stateWith("Three"));
    expect((await retried).current.title).toBe("Three");
  });
});

describe("reading the radio host", () => {
  it("reads the real local station's title, next track and listener count in one observation", async () => {
    const status = await stationStatus();
    const seen = await observeStation(getConfig(env));
    expect(seen.current).toMatchObject({ title: status.current.title, artist: status.current.artist });
    expect(seen.next).toMatchObject({ title: status.next.title, artist: status.next.artist });
    expect(typeof seen.listeners).toBe("number");
  });

  it("sums Icecast's listeners over the station's mounts", async () => {
    const icestats = (await (await fetch(`${env.ICECAST_URL}/status-json.xsl`)).json()) as {
      icestats: { source: { listeners: number }[] };
    };
    const sum = icestats.icestats.source.reduce((total, s) => total + s.listeners, 0);
    expect((await observeStation(getConfig(env))).listeners).toBe(sum);
  });

  it("normalises an AzuraCast station's song with album, artwork, listeners and playing_next", async () => {
    const seen = await observeStation(configWith(azuracast("ok", { title: "Blue Hour", listeners: "7" })));
    expect(seen).toEqual({
      current: {
        title: "Blue Hour",
        artist: "Azura Ensemble",
        album: "Night Sessions",
        artwork: "https://radio.example/api/station/1/art/current.jpg",
      },
      next: expect.objectContaining({ title: "Sunset Drive", artist: "Coastal Trio" }),
      listeners: 7,
      mounts: { "/radio.mp3": 7 },
    });
  });

  it("prefers a configured next-track widget to AzuraCast's playing_next", async () => {
    const seen = await observeStation(
      configWith({ ...azuracast("ok"), NEXT_TRACK_URL: widgetUrl("ok", { title: "From Widget" }) }),
    );
    expect(seen.next).toEqual({
      title: "From Widget",
      artist: "Coastal Trio",
      album: "Warm Nights",
      artwork: "https://widget.example/covers/sunset-drive.jpg",
    });
  });

  it("reports a failed read when the host is down, answers garbage, 500, or has no title", async () => {
    for (const bindings of [
      { RADIO_METADATA_URL: `${nothingListens}/${crypto.randomUUID()}` },
      azuracast("garbage"),
      azuracast("500"),
      azuracast("notitle"),
    ]) {
      expect((await observeStation(configWith(bindings))).current).toBeNull();
    }
  });

  it("gives up on a slow host after 3 s", async () => {
    const started = Date.now();
    expect((await observeStation(configWith(azuracast("slow")))).current).toBeNull();
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(elapsed).toBeLessThan(4500);
  });

  it("reports the next track as unknown when the widget fails, and as none when it has nothing", async () => {
    for (const url of [`${nothingListens}/${crypto.randomUUID()}`, widgetUrl("garbage"), widgetUrl("500")]) {
      expect((await observeStation(configWith({ NEXT_TRACK_URL: url }))).next).toBeUndefined();
    }
    expect((await observeStation(configWith({ NEXT_TRACK_URL: widgetUrl("empty") }))).next).toBeNull();
    expect((await observeStation(configWith({ NEXT_TRACK_URL: "" }))).next).toBeNull();
  });

  it("tells the site whether anything announces the next track (Coming Up says so when nothing does)", () => {
    expect(announcesNextTrack(configWith({ NEXT_TRACK_URL: widgetUrl("ok") }))).toBe(true);
    expect(announcesNextTrack(configWith(azuracast("ok")))).toBe(true);
    expect(announcesNextTrack(configWith({ RADIO_SOURCE: "icecast", NEXT_TRACK_URL: "" }))).toBe(false);
  });
});

describe("the station reader", () => {
  it("answers at once before its first read: the newest recorded track, else the fallback track", async () => {
    const reader = freshReader();
    expect((await reader.snapshot()).current).toEqual({ ...fallbackTrack, album: null, artwork: null });
    await insertPlays([{ title: "Older", artist: "Someone", album: "LP", at: 1 }]);
    const another = freshReader();
    expect((await another.snapshot()).current).toMatchObject({
      title: "Older",
      artist: "Someone",
      album: "LP",
    });
  });

  it("starts its polling alarm on the first request and reads the host when it fires", async () => {
    const reader = freshReader();
    await reader.snapshot();
    expect(await runDurableObjectAlarm(reader)).toBe(true);
    const status = await stationStatus();
    expect((await reader.snapshot()).current.title).toBe(status.current.title);
    // The alarm set the next one.
    expect(await runInDurableObject(reader, (_, state) => state.storage.getAlarm())).not.toBeNull();
  });

  it("reads the third party's next-track widget every 30 s and when the track changes, not on every poll", async () => {
    const reader = freshReader();
    const counter = crypto.randomUUID();
    const widgetHits = async () =>
      ((await (await fetch(widgetUrl(`hits/${counter}`))).json()) as { hits: number }).hits;
    await withHost(reader, { NEXT_TRACK_URL: widgetUrl(`counted/${counter}`) });
    await reader.pollNow();
    expect(await widgetHits()).toBe(1);
    /** Moves the reader's last track change a minute back, and its last widget read `ago` ms. */
    const widgetReadAgo = (ago: number) =>
      runInDurableObject(reader, (instance: StationReader) => {
        const state = Reflect.get(instance, "state") as StationState;
        Reflect.set(instance, "state", { ...state, changedAt: Date.now() - 60_000 });
        Reflect.get(instance, "hostReads").widgetReadAt = Date.now() - ago;
      });
    // Long after the last change, and a second after the last widget read: the host alone.
    await widgetReadAgo(1000);
    await reader.pollNow();
    await reader.pollNow();
    expect(await widgetHits()).toBe(1);
    // A track change asks what comes next at once.
    const rotated = await rotateStation();
    const changed = await reader.pollNow();
    expect(changed.current.title).toBe(rotated.current.title);
    expect(changed.next?.title).toBe("Sunset Drive");
    expect(await widgetHits()).toBe(2);
    // 30 s after the last widget read (and long after the change), it is read again.
    await widgetReadAgo(30_000);
    await reader.pollNow();
    expect(await widgetHits()).toBe(3);
  });

  it("keeps the last track the host gave when it later fails, with no listener count", async () => {
    const reader = freshReader();
    // This fake answers once, then 500.
    await withHost(reader, azuracastHost(`once/${crypto.randomUUID()}`, { title: "Remembered" }));
    const first = await reader.pollNow();
    expect(first.current.title).toBe("Remembered");
    const after = await reader.pollNow();
    expect(after.current).toEqual(first.current);
    expect(after.listeners).toBeNull();
    expect((await reader.status()).lastReadOk).toBe(false);
  });

  it("records one track_history row per track it reads, and none when nothing changed", async () => {
    const reader = freshReader();
    // The first read after a cold start records what plays: the history and the share button
    // have the play being heard without waiting for the cron.
    const first = await reader.pollNow();
    expect((await historyRows()).map((r) => r.title)).toEqual([first.current.title]);
    const rotated = await rotateStation();
    const changed = await reader.pollNow();
    await reader.pollNow();
    await reader.pollNow();
    const rows = await historyRows();
    expect(rows.map((r) => r.title)).toEqual([first.current.title, rotated.current.title]);
    expect(first.played).toMatchObject({ id: rows[0]?.id, title: first.current.title });
    expect(changed.played).toMatchObject({ id: rows[1]?.id, title: rotated.current.title });
  });

  it("names the play before as the previous one when a track comes back after the fallback", async () => {
    // The room's steps on one source, as its poll takes them: what the host says, then its row.
    let state = coldState("host", null, Date.now());
    const hear = async (title: string, artist: string) => {
      const current = { title, artist, album: null, artwork: null };
      state = advance(state, { current, next: null, listeners: 1, mounts: null }, Date.now()).state;
      await recordPlay(getDb(env.DB), state, Date.now());
      return { ...state };
    };
    const before = await hear("Slow Tide", "Amber Sato");
    const velvet = await hear("Velvet", "Aurora Lane");
    expect(velvet.previous?.id).toBe(before.played?.id);
    const off = await hear(fallbackTrack.title, fallbackTrack.artist);
    expect([off.played, off.previous?.id]).toEqual([null, velvet.played?.id]);
    // The host's hiccup over, the same play goes on: its row, and the play before it.
    const back = await hear("Velvet", "Aurora Lane");
    expect((await historyRows()).map((r) => r.title)).toEqual(["Slow Tide", "Velvet"]);
    expect(back.played?.id).toBe(velvet.played?.id);
    expect(back.previous?.id).toBe(before.played?.id);
  });

  it("adds no second row when the cron already recorded the track, and takes that row as the play's", async () => {
    const reader = freshReader();
    const first = await reader.pollNow();
    const rotated = await rotateStation();
    await insertPlays([{ title: rotated.current.title, artist: rotated.current.artist, at: Date.now() }]);
    const state = await reader.pollNow();
    const rows = await historyRows();
    expect(rows.map((r) => r.title)).toEqual([first.current.title, rotated.current.title]);
    // Its share page (/share/{id}) is that row's.
    expect(state.played).toMatchObject({ title: rotated.current.title, artist: rotated.current.artist });
  });

  it("on its first read after a cold start adds no second row when the cron recorded the track, and takes that row", async () => {
    const status = await stationStatus();
    await insertPlays([{ title: status.current.title, artist: status.current.artist, at: Date.now() }]);
    const state = await freshReader().pollNow();
    expect(await historyRows()).toHaveLength(1);
    expect(state.played).toMatchObject({ title: status.current.title });
  });

  it("restarts from its storage: nothing stale, and no new version when nothing changed", async () => {
    const reader = freshReader();
    await reader.pollNow();
    // The cover lookup after the change settles first: it is a change of its own.
    await reader.settleArtworkLookups();
    const before = await reader.snapshot();
    await evictDurableObject(reader);
    const restored = await reader.snapshot();
    expect(restored).toEqual(before);
    expect((await reader.pollNow()).version).toBe(before.version);
  });

  it("keeps its reading's time fresh when nothing changes (the cron trusts a fresh reading)", async () => {
    const reader = freshReader();
    const first = await reader.pollNow();
    await new Promise((r) => setTimeout(r, 5));
    const second = await reader.pollNow();
    expect(second.version).toBe(first.version);
    expect(second.readAt).toBeGreaterThan(first.readAt ?? Number.POSITIVE_INFINITY);
    expect((await reader.snapshot()).readAt).toBe(second.readAt);
  });

  it("counts a change of radio host as a change, so players take the new host's state", async () => {
    const reader = freshReader();
    const before = await reader.pollNow();
    await withHost(reader, azuracast("ok", { title: "New Host" }));
    const after = await reader.pollNow();
    expect(after.current.title).toBe("New Host");
    expect(after.version).toBeGreaterThan(before.version);
  });

  it("hands a change again to every shard on the next poll when one missed it", async () => {
    const name = `test-${crypto.randomUUID()}`;
    const reader = env.STATION_READER.getByName(name);
    await reader.pollNow();
    const shard = env.LIVE_SHARD.getByName(shardName(name, 0));
    const overloaded = { getByName: () => ({ publish: () => Promise.reject(new Error("overloaded")) }) };
    await withHost(reader, { LIVE_SHARD: overloaded });
    const rotated = await rotateStation();
    const missed = await reader.pollNow();
    expect(missed.current.title).toBe(rotated.current.title);
    await withHost(reader, {});
    await reader.pollNow();
    const state = await runInDurableObject(shard, (_, ctx) => ctx.storage.get<{ version: number }>("state"));
    expect(state?.version).toBe(missed.version);
  });

  it("reads the host at the poll interval, never once more for however many requests", async () => {
    const reader = freshReader();
    await reader.pollNow();
    const before = (await reader.status()).readsLastMinute;
    await Promise.all(Array.from({ length: 50 }, () => reader.snapshot()));
    expect((await reader.status()).readsLastMinute).toBe(before);
    // Reads never overlap: calls during a read share the one read after it.
    await Promise.all([reader.pollNow(), reader.pollNow(), reader.pollNow(), reader.pollNow()]);
    expect((await reader.status()).readsLastMinute).toBe(before + 2);
  });
});

describe("a player on /api/radio/live", () => {
  it("gets the change pushed when the station's title rotates, with its history row", async () => {
    // The one file that rotates the shared station; the others compare with its status.
    const reader = stationReader();
    await reader.pollNow();
    const res = await request("/api/radio/live", {
      headers: { Upgrade: "websocket", Origin: "http://localhost" },
    });
    const socket = res.webSocket;
    if (!socket) throw new Error(`no WebSocket: ${res.status}`);
    const received: LiveMessage[] = [];
    socket.addEventListener("message", (event) =>
      received.push(liveMessageSchema.parse(JSON.parse(event.data as string))),
    );
    socket.accept();
    const rotated = await rotateStation();
    await reader.pollNow();
    await expect.poll(() => received.at(-1)?.current.title).toBe(rotated.current.title);
    const [first, pushed] = [received[0], received.at(-1)];
    expect(pushed?.version).toBeGreaterThan(first?.version ?? Number.POSITIVE_INFINITY);
    expect(pushed?.played).toMatchObject({ title: rotated.current.title, artist: rotated.current.artist });
    expect(pushed?.at).toBeLessThanOrEqual(pushed?.sentAt ?? 0);
    socket.close();
  });
});

describe("the live shards", () => {
  async function connect(shard: DurableObjectStub<LiveShard>) {
    const res = await shard.fetch("http://shard/", { headers: { Upgrade: "websocket" } });
    const socket = res.webSocket;
    if (!socket) throw new Error(`no socket: ${res.status}`);
    const first = nextMessage(socket);
    socket.accept();
    return { socket, first: await first };
  }

  it("send a new player the current state first, then every change the reader publishes", async () => {
    const shard = env.LIVE_SHARD.getByName(`test-${crypto.randomUUID()}`);
    const state = await stationReader().pollNow();
    const { socket, first } = await connect(shard);
    expect(first).toMatchObject({ type: "now-playing", version: state.version, current: state.current });
    const next = nextMessage(socket);
    const published = { ...state, version: state.version + 1, listeners: 999 };
    expect(await shard.publish(published)).toBe(1);
    expect(await next).toMatchObject({ version: state.version + 1, listeners: 999 });
    socket.close();
  });

  it("close a socket that sends anything but ping", async () => {
    const shard = env.LIVE_SHARD.getByName(`test-${crypto.randomUUID()}`);
    const { socket } = await connect(shard);
    const closed = new Promise<number>((resolve) =>
      socket.addEventListener("close", (event) => resolve(event.code), { once: true }),
    );
    socket.send("hello");
    expect(await closed).toBe(1008);
  });

  it("drop a publication older than what they hold", async () => {
    const shard = env.LIVE_SHARD.getByName(`test-${crypto.randomUUID()}`);
    const state = await stationReader().snapshot();
    await shard.publish({ ...state, version: state.version + 10 });
    expect(await shard.publish({ ...state, version: state.version + 9 })).toBe(0);
  });

  it("all receive each change from their one reader (fan-out over LIVE_SHARDS)", async () => {
    const name = `test-${crypto.randomUUID()}`;
    const reader = env.STATION_READER.getByName(name);
    await withHost(reader, { LIVE_SHARDS: "3" });
    await reader.pollNow();
    const sockets = await Promise.all(
      [0, 1, 2].map((i) => connect(env.LIVE_SHARD.getByName(shardName(name, i)))),
    );
    const changes = sockets.map(({ socket }) => nextMessage(socket));
    const rotated = await rotateStation();
    await reader.pollNow();
    for (const change of await Promise.all(changes)) {
      expect(change).toMatchObject({ current: { title: rotated.current.title } });
    }
    for (const { socket } of sockets) socket.close();
  });

  it("are named after their reader, and follow it", () => {
    expect(shardName("station", 2)).toBe("station/shard-2");
    expect(readerOfShard(shardName("station", 2))).toBe("station");
    expect(readerOfShard(shardName("test/x", 0))).toBe("test/x");
    expect(readerOfShard(undefined)).toBe("station");
  });
});
