import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SleepTimerButton } from "#web/features/sleep-timer/index.ts";
import { stubBrowserMedia } from "../support/browser";
import { json, mockApi } from "../support/fetch";
import { audio, audioElement, renderPlayer, startPlaying } from "../support/player";

const renderTimer = () => renderPlayer(<SleepTimerButton />);

// Fake setInterval stops Testing Library's polling: waitFor here is for DOM changes only, vi.waitFor
// (which advances the fake clock) for everything else.
// hidden: while a dialog is open Radix hides the rest of the page from assistive technology.
// Named "Sleep timer", and "Sleep timer, 14:59 left" while it runs (the countdown it shows).
const timerButton = () => screen.getByRole("button", { name: /^Sleep timer/, hidden: true });
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

let media: ReturnType<typeof stubBrowserMedia>;

beforeEach(() => {
  media = stubBrowserMedia();
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
});

type TimerStatus = { active: boolean; endTime: number | null };

function timerServer(
  status: TimerStatus | (() => Promise<TimerStatus>),
  start: () => unknown = () => ({ ok: true }),
  timerEnds?: number,
) {
  const id = sessionId(timerEnds);
  return mockApi({
    [`GET /api/sleep-timer/${id}`]: status,
    [`POST /api/sleep-timer/${id}`]: start,
    [`DELETE /api/sleep-timer/${id}`]: { ok: true },
  });
}

/**
 * The sleep-timer session id, created up front so the fake server can answer its path: a tab
 * that started a timer, in a browser whose latest timer may still run (`timerEnds`).
 */
function sessionId(timerEnds = Date.now() + 60 * 60_000) {
  const id = "session-1700000000000-SleepTimerSession01";
  sessionStorage.setItem("sleep-timer-session", id);
  localStorage.setItem("sleep-timer-ends", String(timerEnds));
  return id;
}

/** Starts a 30-minute timer, then cancels it, through the dialog. */
async function startThenCancel() {
  fireEvent.click(timerButton());
  fireEvent.click(await screen.findByRole("button", { name: "30 minutes" }));
  await waitFor(() => expect(timerButton().textContent).toBe("30:00"));
  fireEvent.click(timerButton());
  fireEvent.click(await screen.findByRole("button", { name: "Cancel" }));
  await screen.findByRole("button", { name: "15 minutes" });
}

describe("sleep timer", () => {
  it("offers the five durations, then counts down every second with 'Radio will stop in N minutes'", async () => {
    const api = timerServer({ active: false, endTime: null });
    renderTimer();
    fireEvent.click(timerButton());
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog)
        .getAllByRole("button", { name: /minutes$/ })
        .map((b) => b.textContent),
    ).toEqual(["15 minutes", "30 minutes", "45 minutes", "60 minutes", "90 minutes"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "15 minutes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("POST", `/api/sleep-timer/${sessionId()}`)[0]?.body).toEqual({ minutes: 15 });
    expect(timerButton().textContent).toBe("15:00");

    await tick(1000);
    expect(timerButton().textContent).toBe("14:59");
    // The countdown it shows is part of its name (WCAG 2.5.3).
    expect(timerButton().getAttribute("aria-label")).toBe("Sleep timer, 14:59 left");
    await tick(60_000);
    expect(timerButton().textContent).toBe("13:59");

    fireEvent.click(timerButton());
    const running = await screen.findByRole("dialog");
    expect(within(running).getByRole("timer").textContent).toBe("13:59");
    expect(within(running).getByText("Radio will stop in 14 minutes")).toBeTruthy();
  });

  it("cancelling returns to idle and tells the server", async () => {
    const api = timerServer({ active: false, endTime: null });
    renderTimer();
    await startThenCancel();
    expect(timerButton().textContent).toBe("");
    expect(api.callsTo("DELETE", `/api/sleep-timer/${sessionId()}`)).toHaveLength(1);
    await tick(31 * 60_000);
    expect(media.pause).not.toHaveBeenCalled();
  });

  it("a restore that answers after the listener cancelled does not bring the timer back", async () => {
    let answer: (status: TimerStatus) => void = () => {};
    const api = timerServer(() => new Promise((resolve) => (answer = resolve)));
    renderTimer();
    await vi.waitFor(() => expect(api.callsTo("GET", `/api/sleep-timer/${sessionId()}`)).toHaveLength(1));
    await startThenCancel();
    // The server's answer from before the cancel: the timer it knew then.
    await act(async () => answer({ active: true, endTime: Date.now() + 5 * 60_000 }));
    await tick(1000);
    expect(timerButton().textContent).toBe("");
  });

  it("restores a running sleep timer after reload", async () => {
    const api = timerServer({ active: true, endTime: Date.now() + 5 * 60_000 + 30_000 });
    renderTimer();
    await waitFor(() => expect(timerButton().textContent).toBe("05:30"));
    expect(api.callsTo("GET", `/api/sleep-timer/${sessionId()}`)).toHaveLength(1);
  });

  it("does not restore an end time in the past", async () => {
    const api = timerServer({ active: true, endTime: Date.now() - 1000 });
    renderTimer();
    await vi.waitFor(() => expect(api.callsTo("GET", `/api/sleep-timer/${sessionId()}`)).toHaveLength(1));
    await tick(1000);
    expect(timerButton().textContent).toBe("");
  });

  it("fades the volume out over the last 10 seconds, pauses at zero and restores the listener's volume", async () => {
    timerServer({ active: true, endTime: Date.now() + 15_000 });
    renderTimer();
    await waitFor(() => expect(timerButton().textContent).toBe("00:15"));
    startPlaying();
    act(() => audio().setVolume(0.8));

    await tick(4000);
    expect(audioElement().volume).toBeCloseTo(0.8);
    await tick(6000);
    // 5 s left: half of the listener's volume.
    expect(audioElement().volume).toBeCloseTo(0.4, 1);
    expect(audio().status).toBe("playing");
    await tick(4000);
    expect(audioElement().volume).toBeLessThan(0.1);

    await tick(1000);
    expect(media.pause).toHaveBeenCalled();
    expect(audio().status).toBe("stopped");
    expect(audioElement().volume).toBeCloseTo(0.8);
    expect(audio().volume).toBe(0.8);
    expect(localStorage.getItem("radio-volume")).toBe("0.8");
    expect(timerButton().textContent).toBe("");
  });

  it("keeps the dialog open and only logs when starting fails", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    timerServer({ active: false, endTime: null }, () => json({ error: "server", message: "down" }, 500));
    renderTimer();
    fireEvent.click(timerButton());
    fireEvent.click(await screen.findByRole("button", { name: "45 minutes" }));
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.getByRole("dialog")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "45 minutes" })).toHaveProperty("disabled", false),
    );
    expect(timerButton().textContent).toBe("");
  });

  it("only logs when the status cannot be read", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    sessionId();
    renderTimer();
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith("Failed to read the sleep timer", expect.any(Error)),
    );
    expect(timerButton().textContent).toBe("");
  });

  it("notes in the browser until when the timer it starts runs, so that a reload before then restores it", async () => {
    const started = Date.now();
    timerServer({ active: false, endTime: null }, undefined, started - 1000);
    renderTimer();
    fireEvent.click(timerButton());
    fireEvent.click(await screen.findByRole("button", { name: "30 minutes" }));
    await waitFor(() => expect(timerButton().textContent).toBe("30:00"));
    expect(Number(localStorage.getItem("sleep-timer-ends"))).toBe(started + 30 * 60_000);
  });

  it("asks nothing on load, and reads no session storage, where the browser's latest timer has ended", async () => {
    const api = mockApi();
    sessionId(Date.now() - 1000);
    const read = vi.spyOn(Storage.prototype, "getItem");
    renderTimer();
    await screen.findByRole("button", { name: "Sleep timer" });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    // The restore ran: it read the browser's note, and stopped there.
    expect(read.mock.calls.map(([key]) => key)).toContain("sleep-timer-ends");
    expect(read.mock.calls.map(([key]) => key)).not.toContain("sleep-timer-session");
    expect(api.calls.filter((call) => call.path.startsWith("/api/sleep-timer/"))).toHaveLength(0);
  });

  it("asks nothing on load in a tab that has started no timer, and makes its session id when one starts", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const api = mockApi();
    // Another tab of this browser runs a timer: this one, without an id, has none to restore.
    localStorage.setItem("sleep-timer-ends", String(Date.now() + 60 * 60_000));
    renderTimer();
    fireEvent.click(timerButton());
    fireEvent.click(await screen.findByRole("button", { name: "15 minutes" }));
    await vi.waitFor(() => expect(sessionStorage.getItem("sleep-timer-session")).not.toBeNull());
    const id = sessionStorage.getItem("sleep-timer-session");
    expect(id).toMatch(/^session-\d{10,16}-[A-Za-z0-9]{16,64}$/);
    await vi.waitFor(() => expect(api.callsTo("POST", `/api/sleep-timer/${id}`)).toHaveLength(1));
    expect(
      api.calls.filter((call) => call.method === "GET" && call.path.startsWith("/api/sleep-timer/")),
    ).toHaveLength(0);
  });
});
