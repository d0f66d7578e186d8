// Module stand-ins for vi.mock: the player, auth and sleep-timer features (tested on their own
// under tests/web/player/), so the shell and screen tests exercise only the shell and screens;
// and toasts, so feature tests can assert what `toast()` was asked to show.
import type { ReactNode } from "react";
import { vi } from "vitest";

export const fakeAudio = {
  isPlaying: false,
  status: "stopped",
  toggle: vi.fn(),
  play: vi.fn(),
  pause: vi.fn(),
};

export const playerModule = {
  AudioProvider: ({ children }: { children: ReactNode }) => children,
  PlayerBar: () => <div data-testid="player-bar" />,
  useAudio: () => fakeAudio,
};
export const authModule = { LoginDialog: () => null, AuthResultNotice: () => null };
export const sleepTimerModule = {
  SleepTimerButton: () => (
    <button type="button" aria-label="Sleep timer">
      z
    </button>
  ),
};
export const toastModule = { toast: vi.fn(), dismissToast: vi.fn(), Toaster: () => null };
