// A part of a screen that renders only once it nears the viewport: what a query's answer shows
// below the fold costs a phone nothing as the page starts (ADR 051). Until then an empty block of
// about the part's height holds its place, so the parts after it wait too; the part then renders
// in a transition, in slices. Where the browser cannot tell what is seen, it renders at once.
import { type ReactNode, startTransition, useEffect, useRef, useState } from "react";
import { visibleMargin } from "./deferred";

export function WhenSeen({ children, height }: { children: ReactNode; height: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver !== "function");
  useEffect(() => {
    const element = place.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setSeen(true));
      },
      { rootMargin: visibleMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return seen ? children : <div ref={place} className="when-seen" style={{ minHeight: height }} />;
}
