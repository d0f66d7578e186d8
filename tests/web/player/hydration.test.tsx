import { act, screen } from "@testing-library/react";
import { createStore } from "jotai";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AudioProvider, PlayerBar } from "#web/features/player/index.ts";
import { SleepTimerButton } from "#web/features/sleep-timer/index.ts";
import { stubBrowserMedia } from "../support/browser";
import { mockApi } from "../support/fetch";
import { createTestQueryClient, TestProviders } from "../support/render";

function Tree() {
  return (
    <TestProviders queryClient={createTestQueryClient()} store={createStore()}>
      <AudioProvider>
        <SleepTimerButton />
        <PlayerBar />
      </AudioProvider>
    </TestProviders>
  );
}

// The hydrated container is not Testing Library's to clean up.
afterEach(() => {
  document.body.innerHTML = "";
});

describe("prerendered player", () => {
  it("hydrates without a mismatch, then applies the stored volume and quality", async () => {
    stubBrowserMedia();
    const timerSession = "session-1700000000000-HydrationTimer0001";
    sessionStorage.setItem("sleep-timer-session", timerSession);
    mockApi({ [`GET /api/sleep-timer/${timerSession}`]: { active: false, endTime: null } });
    const html = renderToString(<Tree />);
    expect(html).toContain('preload="none"');

    localStorage.setItem("radio-volume", "0.3");
    localStorage.setItem("stream-quality", "mobile");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, <Tree />, { onRecoverableError: recoverable }));

    expect(recoverable).not.toHaveBeenCalled();
    expect((screen.getByRole("slider", { name: "Volume" }) as HTMLInputElement).value).toBe("30");
    expect((screen.getByRole("combobox", { name: "Stream quality" }) as HTMLSelectElement).value).toBe(
      "mobile",
    );
    await screen.findByText("Blue Lagoon");
    act(() => root.unmount());
  });
});
