import { describe, expect, it } from "vitest";
import { liveMessage as liveMessageSchema } from "#schema/api.ts";
import { fallbackTrack } from "#schema/station.ts";
import {
  advance,
  changeMoment,
  changeWindowMaxMs,
  coldState,
  isRecordable,
  liveMessage,
  type Observation,
  rebasedOnto,
  type StationState,
  withAdminCover,
  withPreviousPlayArtwork,
} from "#worker/live/station-state.ts";

const track = (title: string, artist = "Amber Sato") => ({ title, artist, album: null, artwork: null });

const state = (overrides: Partial<StationState> = {}): StationState => ({
  version: 5,
  source: "icecast:http://host#/hd|next:",
  current: track("Slow Tide"),
  next: track("Paper Lanterns", "Mira Okafor"),
  listeners: 12,
  changedAt: 1000,
  readAt: 2000,
  played: { id: 7, ...track("Slow Tide"), playedAt: new Date(1000).toISOString() },
  ...overrides,
});

const seen = (overrides: Partial<Observation> = {}): Observation => ({
  current: track("Slow Tide"),
  next: track("Paper Lanterns", "Mira Okafor"),
  listeners: 12,
  mounts: { "/hd": 12 },
  ...overrides,
});

describe("the live room's change detection", () => {
  it("sees no change when the host reports the same track, next track and count", () => {
    const step = advance(state(), seen(), 5000);
    expect(step).toMatchObject({ changed: false, trackChanged: false });
    expect(step.state.version).toBe(5);
    expect(step.state.changedAt).toBe(1000);
    expect(step.state.readAt).toBe(5000);
  });

  it("compares title and artist case- and space-insensitively, as the spec compares tracks", () => {
    const step = advance(state(), seen({ current: track("  slow TIDE ", "AMBER sato ") }), 5000);
    expect(step.changed).toBe(false);
  });

  it("counts a new title as a track change: new version, start time, and no history row yet", () => {
    const step = advance(state(), seen({ current: track("Velvet Harbour") }), 3000);
    expect(step).toMatchObject({ changed: true, trackChanged: true, countOnly: false });
    expect(step.state).toMatchObject({ version: 6, changedAt: 2500, played: null });
    expect(step.state.current.title).toBe("Velvet Harbour");
  });

  it("stamps a change halfway between the read that showed the old track and the one that saw the new", () => {
    // The host changed somewhere in (2000, 3000]: the middle errs by half a poll at most.
    expect(
      advance(state({ readAt: 2000 }), seen({ current: track("Velvet Harbour") }), 3000).state.changedAt,
    ).toBe(2500);
    expect(changeMoment(10_000, 11_001)).toBe(10_501);
  });

  it("stamps a change with the time it was seen when no recent read came before it", () => {
    // After a cold start, or a host silent for longer than a few polls, nothing narrows it down.
    expect(
      advance(state({ readAt: null }), seen({ current: track("Velvet Harbour") }), 9000).state.changedAt,
    ).toBe(9000);
    expect(changeMoment(1000, 1000 + changeWindowMaxMs + 1)).toBe(1000 + changeWindowMaxMs + 1);
    expect(changeMoment(5000, 4000)).toBe(4000);
  });

  it("counts the same title by another artist as a track change", () => {
    expect(advance(state(), seen({ current: track("Slow Tide", "Other") }), 5000).trackChanged).toBe(true);
  });

  it("counts a different next track as a change, not a track change", () => {
    const step = advance(state(), seen({ next: track("Blue Hour Avenue") }), 5000);
    expect(step).toMatchObject({ changed: true, trackChanged: false, countOnly: false });
    expect(step.state.next?.title).toBe("Blue Hour Avenue");
  });

  it("counts a different listener count as a change of the count only", () => {
    const step = advance(state(), seen({ listeners: 13 }), 5000);
    expect(step).toMatchObject({ changed: true, trackChanged: false, countOnly: true });
    expect(step.state.listeners).toBe(13);
  });

  it("keeps the last known track and next track when the host fails, with no listener count", () => {
    const step = advance(state(), { current: null, next: undefined, listeners: null, mounts: null }, 5000);
    expect(step.state.current.title).toBe("Slow Tide");
    expect(step.state.next?.title).toBe("Paper Lanterns");
    expect(step.state.listeners).toBeNull();
    expect(step.state.readAt).toBe(2000);
    expect(step).toMatchObject({ trackChanged: false, countOnly: true });
  });

  it("keeps the last next track when only the next-track read fails", () => {
    const step = advance(state(), seen({ next: undefined }), 5000);
    expect(step.state.next?.title).toBe("Paper Lanterns");
    expect(step.changed).toBe(false);
  });

  it("drops the last next track when its read fails as the track changes (it is likely playing now)", () => {
    const step = advance(
      state(),
      seen({ current: track("Paper Lanterns", "Mira Okafor"), next: undefined }),
      5000,
    );
    expect(step.state.next).toBeNull();
  });

  it("takes a next track of null (the host knows none) as it is", () => {
    expect(advance(state(), seen({ next: null }), 5000).state.next).toBeNull();
  });
});

describe("the live room's cold state", () => {
  it("is the newest recorded track before the host ever answered, with its row as the play's", () => {
    const row = { ...track("Older"), id: 41, playedAt: new Date(5).toISOString() };
    const cold = coldState("s", row, 10);
    expect(cold).toMatchObject({ version: 0, current: { title: "Older" }, listeners: null, readAt: null });
    expect(cold.current).toEqual(track("Older"));
    expect(cold.played).toEqual(row);
  });

  it("is the station's fallback track when nothing was recorded", () => {
    expect(coldState("s", null, 10).current).toEqual({ ...fallbackTrack, album: null, artwork: null });
  });
});

describe("history rows", () => {
  it("are never written for the fallback track or an empty title", () => {
    expect(isRecordable(track(fallbackTrack.title, fallbackTrack.artist))).toBe(false);
    expect(isRecordable(track("  "))).toBe(false);
    expect(isRecordable(track("Slow Tide"))).toBe(true);
  });
});

describe("the live message", () => {
  it("has the shape of schema/api.ts, with the change's start time and the server's clock", () => {
    const message = liveMessage(state(), 9999);
    expect(liveMessageSchema.parse(message)).toEqual(message);
    expect(message).toMatchObject({ type: "now-playing", version: 5, at: 1000, sentAt: 9999, listeners: 12 });
    expect(message).not.toHaveProperty("source");
  });
});

describe("a poll that overlapped another change", () => {
  it("keeps the admin's count setting and a cover that landed meanwhile, with a version after them", () => {
    const latest = state({
      version: 7,
      listenersPublic: false,
      current: { ...track("Slow Tide"), artwork: "/images/cover.png" },
    });
    const polled = state({ version: 6, listeners: 14 });
    const rebased = rebasedOnto(latest, polled, true);
    expect(rebased).toMatchObject({ version: 8, listeners: 14, listenersPublic: false });
    expect(rebased.current.artwork).toBe("/images/cover.png");
    // Nothing of its own changed: it takes the other change's version, so no shard drops it.
    expect(rebasedOnto(latest, state({ version: 5 }), false).version).toBe(7);
    // A cover belongs to its track: a poll that saw the next track does not take it.
    expect(
      rebasedOnto(latest, state({ version: 6, current: track("Paper Lanterns") }), true).current.artwork,
    ).toBeNull();
  });
});

describe("the previous play", () => {
  const play = (id: number, title: string, artwork: string | null = null) => ({
    id,
    ...track(title),
    artwork,
    playedAt: new Date(1000).toISOString(),
  });

  it("is the play of the track before, kept across a track that is not recorded (the fallback)", () => {
    const changed = advance(
      state({ previous: play(6, "Velvet") }),
      seen({ current: track("Next One") }),
      3000,
    );
    expect(changed.state).toMatchObject({ played: null, previous: play(7, "Slow Tide") });
    const fallback = advance(
      changed.state,
      seen({ current: { ...fallbackTrack, album: null, artwork: null } }),
      4000,
    );
    expect(fallback.state).toMatchObject({ played: null, previous: play(7, "Slow Tide") });
    expect(advance(fallback.state, seen(), 5000).state.previous).toEqual(play(7, "Slow Tide"));
    // No change: it stays as it was.
    expect(advance(state({ previous: play(6, "Velvet") }), seen(), 3000).state.previous).toEqual(
      play(6, "Velvet"),
    );
  });

  it("takes the cover found after its track ended, as a new version; never another play's or over one it has", () => {
    const ended = state({ previous: play(6, "Velvet") });
    expect(withPreviousPlayArtwork(ended, 6, "/images/late.png")).toMatchObject({
      version: 6,
      previous: play(6, "Velvet", "/images/late.png"),
    });
    expect(withPreviousPlayArtwork(ended, 5, "/images/late.png")).toBeNull();
    expect(withPreviousPlayArtwork(state({ previous: play(6, "Velvet", "/a.png") }), 6, "/b.png")).toBeNull();
    expect(withPreviousPlayArtwork(state({ previous: null }), 6, "/images/late.png")).toBeNull();
  });

  it("takes the admin's cover for its recording, as its history row does", () => {
    const updated = withAdminCover(
      state({ previous: play(6, "Velvet", "/found.png") }),
      track("velvet "),
      "/admin.png",
    );
    expect(updated?.previous?.artwork).toBe("/admin.png");
    expect(updated?.played?.artwork).toBeNull();
  });

  it("keeps a cover that landed on the current play while a poll saw its track end", () => {
    const latest = state({ version: 7, played: play(7, "Slow Tide", "/images/cover.png") });
    const polled = advance(state(), seen({ current: track("Next One") }), 3000).state;
    expect(rebasedOnto(latest, polled, true).previous).toEqual(play(7, "Slow Tide", "/images/cover.png"));
  });

  it("goes in the live message", () => {
    const message = liveMessage(state({ previous: play(6, "Velvet", "/images/late.png") }), 9999);
    expect(liveMessageSchema.parse(message).previous).toEqual(play(6, "Velvet", "/images/late.png"));
    expect(liveMessage(state(), 9999).previous).toBeNull();
  });
});
