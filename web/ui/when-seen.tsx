// A part of a screen that renders only once it nears the viewport: what a query's answer shows
// below the fold costs a phone nothing as the page starts (ADR 051). Until then an empty block of
// about the part's height holds its place, so the parts after it wait too; the part then renders
// in a transition, in slices. One already near when it mounts (a tall screen) renders before the
// browser paints, so no placeholder is ever seen. Where the browser cannot tell, it renders at once.
import { type ReactNode, startTransition, useLayoutEffect, useRef, useState } from "react";
import { isNear, onceNear } from "./near-viewport";

export function WhenSeen({ children, height }: { children: ReactNode; height: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver !== "function");
  useLayoutEffect(() => {
    const element = place.current;
    if (seen || !element) return;
    if (isNear(element)) setSeen(true);
    else return onceNear([element], () => startTransition(() => setSeen(true)));
  }, [seen]);
  return seen ? children : <div ref={place} style={{ minHeight: height }} />;
}
