// Stand-ins for the player, auth and sleep-timer features (tested on their own under
// tests/web/player/), so the shell and screen tests exercise only the shell and screens.
import type { ReactNode } from "react";
import { vi } from "vitest";

export const audio = { isPlaying: false, status: "stopped", toggle: vi.fn(), play: vi.fn(), pause: vi.fn() };

export const playerModule = {
  AudioProvider: ({ children }: { children: ReactNode }) => children,
  PlayerBar: () => <div data-testid="player-bar" />,
  useAudio: () => audio,
};
export const authModule = { LoginDialog: () => null, AuthResultNotice: () => null };
export const sleepTimerModule = {
  SleepTimerButton: () => (
    <button type="button" aria-label="Sleep timer">
      z
    </button>
  ),
};
