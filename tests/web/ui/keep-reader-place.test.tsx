// A live list keeps the reader's place (ADR 065): the first row on screen stays where it is as
// rows come in above it. jsdom lays nothing out, so each row's top here is its place in the list
// (96 px a row, from `listTop`) less the page's scroll, as a browser would report it.
import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KeepReaderPlace } from "#web/ui/keep-reader-place.tsx";

const rowHeight = 96;
let listTop = 386;
let scrolled = 0;
/** The browser's own anchoring: once a row "A" came in first, the page has scrolled by it. */
let browserAnchors = false;

beforeEach(() => {
  listTop = 386;
  scrolled = 0;
  browserAnchors = false;
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const index = this.parentElement ? [...this.parentElement.children].indexOf(this) : 0;
    const anchored = browserAnchors && this.parentElement?.firstElementChild?.textContent === "A";
    const top = listTop + index * rowHeight - scrolled - (anchored ? rowHeight : 0);
    return { top, bottom: top + rowHeight } as DOMRect;
  });
  vi.stubGlobal(
    "scrollBy",
    vi.fn(({ top }: ScrollToOptions) => {
      scrolled += top ?? 0;
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const List = ({ titles }: { titles: string[] }) => (
  <KeepReaderPlace first={titles[0]}>
    <ul>
      {titles.map((title) => (
        <li key={title}>{title}</li>
      ))}
    </ul>
  </KeepReaderPlace>
);

describe("a list that keeps the reader's place", () => {
  it("scrolls by the row that came in above the first row on screen, so that row stays put", () => {
    const { rerender } = render(<List titles={["B", "C", "D"]} />);
    rerender(<List titles={["A", "B", "C", "D"]} />);
    expect(window.scrollBy).toHaveBeenCalledWith({ top: rowHeight, behavior: "instant" });
    const b = [...document.querySelectorAll("li")].find((row) => row.textContent === "B");
    expect(b?.getBoundingClientRect().top).toBe(386);
  });

  it("does nothing where the browser anchored the row itself, or rows came in below it", () => {
    const { rerender } = render(<List titles={["B", "C", "D"]} />);
    rerender(<List titles={["B", "C", "D", "E"]} />);
    browserAnchors = true;
    rerender(<List titles={["A", "B", "C", "D", "E"]} />);
    expect(window.scrollBy).not.toHaveBeenCalled();
  });

  it("reads no layout when rows come in only below, and few reads for a reader far down", () => {
    const many = Array.from({ length: 400 }, (_, index) => `row ${index}`);
    const { rerender } = render(<List titles={many.slice(0, 200)} />);
    const reads = vi.mocked(Element.prototype.getBoundingClientRect);
    reads.mockClear();
    rerender(<List titles={many} />);
    expect(reads).not.toHaveBeenCalled();
    scrolled = 300 * rowHeight; // row 296 at the top of the screen
    rerender(<List titles={["A", ...many]} />);
    expect(window.scrollBy).toHaveBeenCalledWith({ top: rowHeight, behavior: "instant" });
    expect(reads.mock.calls.length).toBeLessThan(15);
  });

  it("keeps no place for a row that left, nor where no row is on screen", () => {
    const { rerender } = render(<List titles={["B", "C"]} />);
    rerender(<List titles={["C", "A"]} />);
    listTop = 2000; // the list below the fold
    rerender(<List titles={["D", "C", "A"]} />);
    expect(window.scrollBy).not.toHaveBeenCalled();
  });
});
