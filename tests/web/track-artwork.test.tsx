// Covers at the size they are shown (ADR 062): the site's own covers offer their 250-pixel copy
// beside the full one, and the browser takes the one the screen's density needs.
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { smallImageUrl } from "#web/lib/small-image.ts";
import { TrackArtwork } from "#web/ui/track-artwork.tsx";

const key = "3067a4e2-bb81-1b14-cdd9-34620eb03f8c.png";

const site = "https://radio.example";

describe("a cover's small copy", () => {
  it("is /images/small/<key> for the site's own images, absolute or not", () => {
    expect(smallImageUrl(`${site}/images/${key}`, site)).toBe(`${site}/images/small/${key}`);
    expect(smallImageUrl(`/images/${key}`, site)).toBe(`${site}/images/small/${key}`);
  });

  it("is none for another origin's image (a host's own artwork), a path that only looks like one, or a small copy", () => {
    for (const url of [
      "https://radio.example/art/own.jpg",
      `https://host.example/images/${key}`,
      `https://radio.example.evil/images/${key}`,
      `https://radio.example/covers/images/${key}`,
      `https://cdn.example/x?u=https://radio.example/images/${key}`,
      `${site}/images/small/${key}`,
      `javascript:/images/${key}`,
    ]) {
      expect(smallImageUrl(url, site), url).toBeNull();
    }
  });
});

describe("<TrackArtwork>", () => {
  it("offers the small copy at the size it is shown, and the full cover for denser screens", () => {
    const { getByRole } = render(
      <TrackArtwork src={`${location.origin}/images/${key}`} size={48} label="Slow Tide" />,
    );
    const img = getByRole("img", { name: "Cover of Slow Tide" });
    expect(img.getAttribute("srcset")).toBe(
      `${location.origin}/images/small/${key} 250w, ${location.origin}/images/${key} 500w`,
    );
    expect(img.getAttribute("sizes")).toBe("48px");
    expect(img.getAttribute("src")).toBe(`${location.origin}/images/${key}`);
  });

  it("shows a host's own artwork as it is", () => {
    const { getByRole } = render(
      <TrackArtwork src="https://radio.example/art/own.jpg" size={96} label="Own" />,
    );
    const img = getByRole("img", { name: "Cover of Own" });
    expect(img.getAttribute("srcset")).toBeNull();
    expect(img.getAttribute("sizes")).toBeNull();
  });
});
