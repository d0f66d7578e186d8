// Carrying out a press React could not take (ADR 035, 047, 049): the press before the app started
// (web/ui/early-press.ts) and one on a part still waiting to hydrate (web/ui/waiting-presses.ts).
// Loaded with the first parts, after the app has started: nothing here is needed before.
import { keptPress } from "./early-press";

/** How long a kept press waits for its button's part of the page to hydrate (a lazy part). */
const ownedWithinMs = 15_000;

/** Whether React has hydrated the element: it then carries its props (a deferred part may not yet). */
export function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith("__reactProps$"));
}

/**
 * Presses `button` as soon as React owns it (its part of the page has hydrated), if it is still
 * there, enabled and `wanted` within 15 s; marked aria-busy meanwhile. `settled` follows either way.
 */
export function pressOnceOwned(button: HTMLButtonElement, wanted = () => true, settled = () => {}): void {
  button.setAttribute("aria-busy", "true");
  const deadline = Date.now() + ownedWithinMs;
  const attempt = () => {
    if (!button.isConnected || button.disabled || !wanted() || Date.now() > deadline) {
      button.removeAttribute("aria-busy");
      settled();
      return;
    }
    if (!ownedByReact(button)) {
      setTimeout(attempt, 50);
      return;
    }
    button.removeAttribute("aria-busy");
    // A click's listeners report their errors; none is thrown here.
    keptPress.replaying = true;
    button.click();
    keptPress.replaying = false;
    settled();
  };
  attempt();
}

/**
 * Called once the app's shell has hydrated: presses the button pressed before the app started,
 * when it is still there, as soon as its own part of the page has hydrated too (a part that
 * hydrates later, web/ui/deferred.tsx, would drop a press on its server HTML), unless the
 * listener has pressed again since and the app answered.
 */
export function replayEarlyPress(): void {
  const button = window.__press;
  if (!button) return;
  window.__press = undefined;
  pressOnceOwned(
    button,
    () => !keptPress.stale,
    () => keptPress.unwatch(),
  );
}
