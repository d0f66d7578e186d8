// A live list that keeps the reader's place (ADR 065): the first row on screen stays where it is,
// and the page scrolls by what came in above it. Browsers anchor scrolling so themselves, but not
// at the top of the page (Chromium: not at scroll offset 0), which is where /history is read: each
// new play pushed every row down under the reader's eye and thumb, a layout shift. Where the
// browser did anchor, the row has not moved, and nothing more is done.
import { Component, type ReactNode } from "react";

/** The first row on screen, and its top then (viewport px). */
type Place = { row: Element; top: number } | null;

type Props = {
  /**
   * The first row's key: rows come in above the reader only when it changes. Other updates
   * (rows added below, a row's own change) read no layout.
   */
  first: string | number | undefined;
  children: ReactNode;
};

export class KeepReaderPlace extends Component<Props> {
  private root: HTMLDivElement | null = null;

  override getSnapshotBeforeUpdate(before: Readonly<Props>): Place {
    if (before.first === this.props.first) return null;
    // The rows (each an <li> of the list inside), top to bottom: the first whose bottom is on
    // screen, found in a few reads however far down the reader is.
    const rows = this.root?.querySelector("ul")?.children;
    if (!rows?.length) return null;
    let low = 0;
    let high = rows.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((rows.item(middle)?.getBoundingClientRect().bottom ?? 0) > 0) high = middle;
      else low = middle + 1;
    }
    const row = rows.item(low);
    if (!row) return null;
    const { top, bottom } = row.getBoundingClientRect();
    return bottom > 0 && top < window.innerHeight ? { row, top } : null;
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
