// A press on a part of the page React has not hydrated yet: a part that hydrates after the rest
// or waits to be seen (web/ui/deferred.tsx, ADR 047). React cannot hydrate such a part at once
// while its code is still on its way, so it drops the event, and a link of the site would load
// a whole new page, which stops the radio. Kept instead, from the moment this module has loaded
// (with the first parts, web/app.tsx): a button is pressed again once its part has hydrated, as
// a press before the app started is (web/ui/early-press.ts, ADR 035); a link of the site is
// followed within the app.
import { ownedByReact, pressOnceOwned } from "./early-press";

/** A plain press: not a new tab or window, a download or another button than the first. */
function plainPress(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function onPress(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const control = target?.closest("a[href], button");
  if (!control?.closest("#root") || ownedByReact(control) || event.defaultPrevented) return;
  if (control instanceof HTMLButtonElement) {
    if (control.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    pressOnceOwned(control);
    return;
  }
  if (
    !(control instanceof HTMLAnchorElement) ||
    !plainPress(event) ||
    control.target ||
    control.hasAttribute("download") ||
    control.origin !== location.origin
  )
    return;
  event.preventDefault();
  event.stopPropagation();
  // wouter follows history.pushState (it listens for it): the app shows the page, the radio plays on.
  history.pushState(null, "", `${control.pathname}${control.search}${control.hash}`);
}

/**
 * From now on, presses on controls React does not own yet are kept (see above); returns the
 * undo. Called again (a second mount), it adds nothing: the browser keeps one listener per function.
 */
export function keepWaitingPresses(): () => void {
  // Capturing on the document: before React's own listener on the root, which stops the event.
  document.addEventListener("click", onPress, true);
  return () => document.removeEventListener("click", onPress, true);
}
