import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShareButton } from "#web/features/share/index.ts";
import { toast } from "#web/ui/toast.tsx";
import { aTrack } from "../support/factories";

vi.mock("#web/ui/toast.tsx", async () => (await import("../support/stand-ins")).toastModule);

function setNavigator(name: "share" | "clipboard", value: unknown) {
  Object.defineProperty(navigator, name, { configurable: true, value });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "share");
  Reflect.deleteProperty(navigator, "clipboard");
});

const shareButton = () => screen.getByRole("button", { name: "Share track" });
const expectedText = "Now playing on Lounge Radio: Blue Lagoon by Chill Collective";

describe("share button", () => {
  it("is shown only when the track has both title and artist", () => {
    render(<ShareButton track={aTrack({ artist: "" })} />);
    expect(screen.queryByRole("button", { name: "Share track" })).toBeNull();
    cleanup();
    render(<ShareButton track={aTrack({ title: "" })} />);
    expect(screen.queryByRole("button", { name: "Share track" })).toBeNull();
  });

  it("uses the browser's share feature and toasts 'Shared successfully'", async () => {
    const share = vi.fn(() => Promise.resolve());
    setNavigator("share", share);
    render(<ShareButton track={aTrack()} />);
    fireEvent.click(shareButton());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Shared successfully",
        description: "Track has been shared",
      }),
    );
    expect(share).toHaveBeenCalledWith({
      title: "Lounge Radio",
      text: expectedText,
      url: `${window.location.origin}/`,
    });
  });

  it("shares the track's own page when its play was recorded, so the link unfurls with it", async () => {
    const share = vi.fn(() => Promise.resolve());
    setNavigator("share", share);
    render(<ShareButton track={aTrack({ historyId: 4821 })} />);
    fireEvent.click(shareButton());
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({
      title: "Lounge Radio",
      text: expectedText,
      url: `${window.location.origin}/share/4821`,
    });
  });

  it("links the networks to the track's own page too", async () => {
    const open = vi.spyOn(window, "open").mockImplementation(() => ({ opener: window }) as unknown as Window);
    render(<ShareButton track={aTrack({ historyId: 77 })} />);
    fireEvent.click(shareButton());
    fireEvent.click(await screen.findByRole("button", { name: "Share on Facebook" }));
    expect(open.mock.calls[0]?.[0]).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${window.location.origin}/share/77`)}`,
    );
  });

  it("says nothing when the listener closes the share sheet", async () => {
    const share = vi.fn(() => Promise.reject(new DOMException("Share canceled", "AbortError")));
    setNavigator("share", share);
    render(<ShareButton track={aTrack()} />);
    fireEvent.click(shareButton());
    await waitFor(() => expect(share).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(toast).not.toHaveBeenCalled();
  });

  it("toasts 'Share failed' / 'Could not share the track' when sharing fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    setNavigator("share", () => Promise.reject(new DOMException("Not allowed", "NotAllowedError")));
    render(<ShareButton track={aTrack()} />);
    fireEvent.click(shareButton());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Share failed",
        description: "Could not share the track",
        variant: "destructive",
      }),
    );
  });

  it("without the share feature, opens the network's share page in a 550x420 popup", async () => {
    const popup = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, "open").mockImplementation(() => popup);
    render(<ShareButton track={aTrack()} />);
    fireEvent.click(shareButton());
    fireEvent.click(await screen.findByRole("button", { name: "Share on X" }));
    const [url, , features] = open.mock.calls[0] ?? [];
    expect(url).toBe(
      `https://x.com/intent/tweet?text=${encodeURIComponent(`${expectedText} ${window.location.origin}/`)}`,
    );
    expect(features).toMatch(/width=550,height=420/);
    expect(popup.opener).toBeNull();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(shareButton());
    fireEvent.click(await screen.findByRole("button", { name: "Share on Facebook" }));
    expect(open.mock.calls[1]?.[0]).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${window.location.origin}/`)}`,
    );
  });

  it("copies the track info when the popup is blocked, with 'Link copied'", async () => {
    vi.spyOn(window, "open").mockImplementation(() => null);
    const writeText = vi.fn(() => Promise.resolve());
    setNavigator("clipboard", { writeText });
    render(<ShareButton track={aTrack()} />);
    fireEvent.click(shareButton());
    fireEvent.click(await screen.findByRole("button", { name: "Share on X" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Link copied",
        description: "Track info has been copied to clipboard",
      }),
    );
    expect(writeText).toHaveBeenCalledWith(`${expectedText} ${window.location.origin}/`);
  });

  it("toasts 'Copy failed' / 'Could not copy to clipboard' when the clipboard refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    setNavigator("clipboard", { writeText: () => Promise.reject(new Error("denied")) });
    render(<ShareButton track={aTrack()} />);
    fireEvent.click(shareButton());
    fireEvent.click(await screen.findByRole("button", { name: "Copy to clipboard" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Copy failed",
        description: "Could not copy to clipboard",
        variant: "destructive",
      }),
    );
  });
});
