// Titles in step with the music (ADR 020): the scheduler on a fake clock, and the player's
// estimate of how late the listener hears the host.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveMessage } from "#schema/api.ts";
import { createInStep, recheckMs } from "#web/features/live/in-step.ts";
import { playbackStartSkipBytes, qualityOfSource, streamDelayMs } from "#web/features/player/stream-delay.ts";
import { streams } from "./support/factories";

/** Server time runs 5 s behind the client's clock here: the scheduler must correct it. */
const serverBehindMs = 5000;
let version = 0;

/** A change the host made at `at` (server clock), sent 300 ms later, or now when that has passed. */
function aChange(title: string, at: number, sentAt = Math.max(at + 300, serverNow())): LiveMessage {
  version += 1;
  return {
    type: "now-playing",
    version,
    current: { title, artist: "Artist", album: null, artwork: null },
    next: null,
    listeners: 3,
    at,
    sentAt,
    played: null,
  };
}

/** The scheduler on Vitest's fake clock; `delay` is what the player reports (null: not playing). */
function scheduler(initialDelay: number | null) {
  let delay = initialDelay;
  const shown: string[] = [];
  const inStep = createInStep({
    apply: (message) => shown.push(message.current.title),
    delayMs: () => delay,
  });
  /** Delivers a message the server sent at its `sentAt`, 40 ms later on the client. */
  const deliver = (message: LiveMessage) => {
    vi.setSystemTime(message.sentAt + serverBehindMs + 40);
    inStep.offer(message);
  };
  const setDelay = (ms: number | null) => {
    delay = ms;
    inStep.recheck();
  };
  return { inStep, shown, deliver, setDelay, last: () => shown.at(-1) };
}

/** Server time of now on the fake clock. */
const serverNow = () => Date.now() - serverBehindMs;

beforeEach(() => {
  vi.useFakeTimers({ now: 1_800_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the title follows what the listener hears", () => {
  it("shows a change at once to a visitor who is not playing", () => {
    const s = scheduler(null);
    s.deliver(aChange("Slow Tide", serverNow()));
    expect(s.last()).toBe("Slow Tide");
  });

  it("holds a change until a playing listener hears it: the host's moment plus their delay", () => {
    const s = scheduler(null);
    s.deliver(aChange("Velvet Harbour", serverNow() - 60_000));
    s.setDelay(3000);
    const at = serverNow();
    s.deliver(aChange("Slow Tide", at));
    expect(s.last()).toBe("Velvet Harbour");
    // Due at the host's moment + 3 s, in the client's clock (corrected by the 5 s offset and the
    // 40 ms delivery, which the offset estimate takes in).
    const due = at + serverBehindMs + 40 + 3000;
    vi.advanceTimersByTime(due - Date.now() - 60);
    expect(s.last()).toBe("Velvet Harbour");
    vi.advanceTimersByTime(120);
    expect(s.last()).toBe("Slow Tide");
  });

  it("shows a change that arrives already due at once (after a reconnect)", () => {
    const s = scheduler(1500);
    s.deliver(aChange("Velvet Harbour", serverNow() - 60_000));
    // The host changed 4 s before this message was sent: the listener, 1.5 s behind, hears it already.
    const sentAt = serverNow();
    s.deliver(aChange("Slow Tide", sentAt - 4000, sentAt));
    expect(s.last()).toBe("Slow Tide");
  });

  it("follows a stall: the change waits for as long as the audio stood still", () => {
    const s = scheduler(2000);
    s.deliver(aChange("Velvet Harbour", serverNow() - 60_000));
    s.deliver(aChange("Slow Tide", serverNow()));
    vi.advanceTimersByTime(1000);
    // The stream stalls for 3 s: the listener's delay grows as the wall clock runs on.
    for (let i = 0; i < 12; i++) {
      s.setDelay(2000 + (i + 1) * recheckMs);
      vi.advanceTimersByTime(recheckMs);
    }
    expect(s.last()).toBe("Velvet Harbour");
    vi.advanceTimersByTime(1200);
    expect(s.last()).toBe("Slow Tide");
  });

  it("shows the host's title at once when the listener pauses (nothing is heard any more)", () => {
    const s = scheduler(4000);
    s.deliver(aChange("Velvet Harbour", serverNow() - 60_000));
    s.deliver(aChange("Slow Tide", serverNow()));
    vi.advanceTimersByTime(1000);
    expect(s.last()).toBe("Velvet Harbour");
    s.setDelay(null);
    expect(s.last()).toBe("Slow Tide");
  });

  it("goes back to the track still heard when a stream starts behind the change (play, resume, another quality)", () => {
    const s = scheduler(null);
    s.deliver(aChange("Velvet Harbour", serverNow() - 60_000));
    s.deliver(aChange("Slow Tide", serverNow()));
    expect(s.last()).toBe("Slow Tide");
    vi.advanceTimersByTime(500);
    // Play pressed: the host's burst starts 1.6 s behind live, so Velvet Harbour's end plays first.
    s.setDelay(1600);
    expect(s.last()).toBe("Velvet Harbour");
    vi.advanceTimersByTime(1200);
    expect(s.last()).toBe("Slow Tide");
    expect(s.shown).toEqual(["Velvet Harbour", "Slow Tide", "Velvet Harbour", "Slow Tide"]);
  });

  it("keeps the title when the delay grows only a little (no flicker on the estimate's noise)", () => {
    const s = scheduler(1000);
    s.deliver(aChange("Velvet Harbour", serverNow() - 60_000));
    s.deliver(aChange("Slow Tide", serverNow() - 2000));
    expect(s.last()).toBe("Slow Tide");
    s.setDelay(2300);
    expect(s.shown).toEqual(["Velvet Harbour", "Slow Tide"]);
  });

  it("lets a message for the same play (a cover found, the count) take a held change's place, keeping its time", () => {
    const s = scheduler(3000);
    s.deliver(aChange("Velvet Harbour", serverNow() - 60_000));
    const at = serverNow();
    s.deliver(aChange("Slow Tide", at));
    const withCover = { ...aChange("Slow Tide", at, at + 1500), listeners: 9 };
    s.deliver(withCover);
    expect(s.last()).toBe("Velvet Harbour");
    vi.advanceTimersByTime(3000);
    expect(s.shown).toEqual(["Velvet Harbour", "Slow Tide"]);
  });

  it("passes a message that changes no track at once when nothing is held", () => {
    const s = scheduler(3000);
    const at = serverNow() - 60_000;
    s.deliver(aChange("Velvet Harbour", at));
    s.deliver({ ...aChange("Velvet Harbour", at, serverNow()), listeners: 40 });
    expect(s.shown).toEqual(["Velvet Harbour", "Velvet Harbour"]);
  });

  it("shows two quick changes one after the other, each when it is heard", () => {
    const s = scheduler(5000);
    s.deliver(aChange("Velvet Harbour", serverNow() - 60_000));
    const first = serverNow();
    s.deliver(aChange("Slow Tide", first));
    vi.advanceTimersByTime(2000);
    s.deliver(aChange("Blue Hour Avenue", first + 2000));
    vi.advanceTimersByTime(3100);
    expect(s.last()).toBe("Slow Tide");
    vi.advanceTimersByTime(2000);
    expect(s.last()).toBe("Blue Hour Avenue");
  });
});

describe("how late the listener hears the host", () => {
  it("is the burst, plus the time since the source loaded, minus the media time played", () => {
    const burstMs = ((65535 - playbackStartSkipBytes) * 8) / 320;
    expect(streamDelayMs({ elapsedMs: 0, currentTime: 0, burstBytes: 65535, bitrateKbps: 320 })).toBeCloseTo(
      burstMs,
    );
    // Chromium waited 5 s before it played: 5 s more behind live.
    expect(
      streamDelayMs({ elapsedMs: 15_000, currentTime: 10, burstBytes: 65535, bitrateKbps: 320 }),
    ).toBeCloseTo(burstMs + 5000);
    // The same burst holds five times as long at 64 kbit/s.
    expect(streamDelayMs({ elapsedMs: 0, currentTime: 0, burstBytes: 65535, bitrateKbps: 64 })).toBeCloseTo(
      burstMs * 5,
    );
    expect(streamDelayMs({ elapsedMs: 0, currentTime: 0, burstBytes: 0, bitrateKbps: 64 })).toBe(0);
  });

  it("knows which quality plays, with or without the player's cache buster", () => {
    expect(qualityOfSource(streams.sd, streams)).toBe("sd");
    expect(qualityOfSource(`${streams.mobile}?reconnect=1800000000000`, streams)).toBe("mobile");
    expect(qualityOfSource("https://elsewhere.test/hd", streams)).toBeNull();
  });
});
