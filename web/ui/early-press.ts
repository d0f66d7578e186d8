// A press on a painted button before the app owned the page (ADR 035). The boot script
// (schema/boot-script.ts) keeps the last such button in window.__press and marks it aria-busy;
// once the app has hydrated it presses that button again, so Start Listening pressed at first
// paint starts the radio instead of doing nothing. From the start of hydration React takes
// presses itself (window.__app), so no press is carried out twice.

declare global {
  interface Window {
    /** Set when the app starts: from then the boot script keeps no press. */
    __app?: boolean;
    /** The button pressed before the app started, if any. */
    __press?: HTMLButtonElement;
    /** Removes the boot script's press listener. */
    __stopPress?: () => void;
  }
}

/** Called right before the app hydrates or renders. */
export function appOwnsPresses(): void {
  window.__app = true;
  window.__stopPress?.();
}

/** How long a kept press waits for its button's part of the page to hydrate (a lazy part). */
const ownedWithinMs = 15_000;

/** Whether React has hydrated the element: it then carries its props (a deferred part may not yet). */
export function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith("__reactProps$"));
}

/**
 * Presses `button` as soon as React owns it (its part of the page has hydrated), if it is still
 * there and enabled within 15 s; marked aria-busy meanwhile.
 */
export function pressOnceOwned(button: HTMLButtonElement): void {
  button.setAttribute("aria-busy", "true");
  const deadline = Date.now() + ownedWithinMs;
  const attempt = () => {
    if (!button.isConnected || button.disabled || Date.now() > deadline) {
      button.removeAttribute("aria-busy");
      return;
    }
    if (!ownedByReact(button)) {
      setTimeout(attempt, 50);
      return;
    }
    button.removeAttribute("aria-busy");
    button.click();
  };
  attempt();
}

/**
 * Called once the app's shell has hydrated: presses the button pressed before, when it is
 * still there, as soon as its own part of the page has hydrated too (a part that hydrates later,
 * web/ui/deferred.tsx, would drop a press on its server HTML).
 */
export function replayEarlyPress(): void {
  const button = window.__press;
  if (!button) return;
  window.__press = undefined;
  pressOnceOwned(button);
}
