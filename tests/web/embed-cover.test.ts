// The embed's cover (web/embed/cover.ts): the site's own covers offer their 250-pixel copy at the
// size the layout shows them (ADR 062), a host's artwork is shown as it is, and a cover already
// shown is not fetched again.
import { beforeEach, describe, expect, it } from "vitest";
import { coverPx, showCover } from "#web/embed/cover.ts";

const key = "3067a4e2-bb81-1b14-cdd9-34620eb03f8c.png";
let cover: HTMLElement;
beforeEach(() => {
  cover = document.createElement("div");
});
const image = () => cover.querySelector("img");

describe("the embed's cover", () => {
  it("offers the site's own cover small, at the compact layout's size, and the full one for denser screens", () => {
    showCover(cover, `/images/${key}`, "Slow Tide", coverPx.compact);
    expect(image()?.getAttribute("srcset")).toBe(
      `${location.origin}/images/small/${key} 250w, /images/${key} 500w`,
    );
    expect(image()?.getAttribute("sizes")).toBe("44px");
    expect(image()?.getAttribute("src")).toBe(`/images/${key}`);
    expect(image()?.alt).toBe("Cover of Slow Tide");
  });

  it("shows a host's own artwork as it is, dropping the srcset of the cover before", () => {
    showCover(cover, `${location.origin}/images/${key}`, "Slow Tide", coverPx.card);
    expect(image()?.getAttribute("sizes")).toBe("72px");
    const first = image();
    showCover(cover, "https://radio.example/art/own.jpg", "Own", coverPx.card);
    expect(image()).toBe(first);
    expect(image()?.getAttribute("srcset")).toBe("");
    expect(image()?.getAttribute("src")).toBe("https://radio.example/art/own.jpg");
    expect(image()?.alt).toBe("Cover of Own");
  });

  it("keeps the cover shown when it is the same, and removes it when the track has none", () => {
    showCover(cover, `/images/${key}`, "Slow Tide", coverPx.card);
    const first = image();
    first?.setAttribute("data-kept", "");
    showCover(cover, `/images/${key}`, "Slow Tide", coverPx.card);
    expect(image()?.hasAttribute("data-kept")).toBe(true);
    expect(cover.querySelectorAll("img")).toHaveLength(1);
    showCover(cover, null, "Fallback", coverPx.card);
    expect(image()).toBeNull();
  });
});
