// What counts as near the viewport for a part that waits to be seen (a deferred part, ADR 047; a
// section of a screen, ADR 051): within about a thumb's flick of it.
export const nearViewportPx = 200;

/**
 * Calls `onNear` once, when one of `elements` comes within `nearViewportPx` of the viewport.
 * Returns a stop, for an effect's cleanup. Needs IntersectionObserver: callers check for it.
 */
export function onceNear(elements: Iterable<Element>, onNear: () => void): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: `${nearViewportPx}px 0px` },
  );
  for (const element of elements) observer.observe(element);
  return () => observer.disconnect();
}

/** Whether `element` is already near the viewport, read from the layout now. */
export function isNear(element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return top < window.innerHeight + nearViewportPx && bottom > -nearViewportPx;
}
