// A live list that keeps the reader's place as rows come in above what they see (ADR 065): the
// first row on screen stays where it is, and the page scrolls by what came in above it. Browsers
// anchor scrolling so themselves, but not at the top of the page (Chromium: not at scroll offset
// 0), which is where /history is read: each new play pushed every row down under the reader's
// eye and thumb, a layout shift. Where the browser did anchor, the row has not moved, and nothing
// more is done.
import { Component, type ReactNode } from "react";

/** The first row on screen, and its top then (viewport px). */
type Place = { row: Element; top: number } | null;

export class KeepReaderPlace extends Component<{ children: ReactNode }> {
  private root: HTMLDivElement | null = null;

  override getSnapshotBeforeUpdate(): Place {
    // The rows: the children of the list inside (each an <li>).
    for (const row of this.root?.querySelector("ul")?.children ?? []) {
      const { top, bottom } = row.getBoundingClientRect();
      if (top >= window.innerHeight) return null;
      if (bottom > 0) return { row, top };
    }
    return null;
  }

  override componentDidUpdate(_props: unknown, _state: unknown, place: Place) {
    // A row that left (its track played again, now first) keeps no place.
    if (!place?.row.isConnected) return;
    const moved = place.row.getBoundingClientRect().top - place.top;
    if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: "instant" });
  }

  override render() {
    return (
      <div
        ref={(element) => {
          this.root = element;
        }}
      >
        {this.props.children}
      </div>
    );
  }
}
