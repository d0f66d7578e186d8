// A press on a part of the page that waits to be seen (web/ui/deferred.tsx, ADR 047) before
// React has hydrated it. React cannot hydrate such a part at once while its code is on its way,
// so it drops the event, and a link of the site would load a whole new page, which stops the
// radio. Kept instead, from the moment this module has loaded (with the first parts,
// web/app.tsx): a button is pressed again once its part has hydrated, as a press before the app
// started is (web/ui/press-replay.ts, ADR 035); a link to one of the app's pages is followed
// within the app.
import { keptPress } from "./early-press";
import { ownedByReact, pressOnceOwned } from "./press-replay";

export { replayEarlyPress } from "./press-replay";

/** Paths the app does not show as a page: the worker answers them (the API, images, the embed, widgets, files). */
const notAnAppPage = /^\/(api|images|embed|widgets)(\/|$)|\.\w+$/;

/** Buttons already kept: a second press on one waits with the first, not after it. */
const kept = new WeakSet<Element>();

/** A plain press: not a new tab or window, a download or another button than the first. */
function plainPress(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Where a press on `link` goes within the app, or null when the browser should follow it. */
function appPath(link: HTMLAnchorElement, event: MouseEvent): string | null {
  if (!plainPress(event) || link.target || link.hasAttribute("download")) return null;
  if (link.origin !== location.origin || notAnAppPage.test(link.pathname)) return null;
  // A link within this page (#…) moves no further than the browser takes it.
  if (link.hash && link.pathname === location.pathname && link.search === location.search) return null;
  return `${link.pathname}${link.search}${link.hash}`;
}

function onPress(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const control = target?.closest("a[href], button");
  if (!control?.closest(".deferred-part") || ownedByReact(control) || event.defaultPrevented) return;
  if (control instanceof HTMLButtonElement) {
    if (control.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    if (kept.has(control)) return;
    kept.add(control);
    // A newer press than one kept before the app started: that one is stale (ADR 049).
    keptPress.stale = true;
    pressOnceOwned(control);
    return;
  }
  if (!(control instanceof HTMLAnchorElement)) return;
  const path = appPath(control, event);
  if (path === null) return;
  event.preventDefault();
  event.stopPropagation();
  // wouter follows history.pushState (it listens for it): the app shows the page, the radio
  // plays on. The page already shown is scrolled to its top, as the app's own links do.
  if (path === `${location.pathname}${location.search}${location.hash}`) window.scrollTo(0, 0);
  else history.pushState(null, "", path);
}

/**
 * From now on, presses on a waiting part's controls are kept (see above); returns the undo.
 * Called again (a second mount), it adds nothing: the browser keeps one listener per function.
 */
export function keepWaitingPresses(): () => void {
  // Capturing on the document: before React's own listener on the root, which stops the event.
  document.addEventListener("click", onPress, true);
  return () => document.removeEventListener("click", onPress, true);
}
