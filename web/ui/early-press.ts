// A press on a painted button before the app owned the page (ADR 035). The boot script
// (schema/boot-script.ts) keeps the last such button in window.__press and marks it aria-busy;
// once the app has hydrated it presses that button again (web/ui/press-replay.ts, loaded with
// the first parts), so Start Listening pressed at first paint starts the radio instead of doing
// nothing. From the start of hydration React takes presses itself (window.__app), so no press is
// carried out twice, and a press the app answers before the kept one is carried out makes the
// kept one stale (ADR 049). Only this part is in the first load.

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

/**
 * The kept press: stale once the listener pressed again and the app answered; its replay's click
 * is not theirs; `unwatch` ends the watch for a newer press once the kept one is settled.
 */
export const keptPress = { stale: false, replaying: false, unwatch: () => {} };

/**
 * Called right before the app hydrates or renders. On a phone nothing but aria-busy shows the
 * kept press, so the listener may press again; carrying out both would undo the first, play then
 * pause. A press React answers reaches the document; one it drops, on a part it cannot hydrate
 * yet, stops before.
 */
export function appOwnsPresses(): void {
  window.__app = true;
  window.__stopPress?.();
  keptPress.stale = false;
  if (!window.__press) return;
  const onPress = (event: MouseEvent) => {
    if (keptPress.replaying || !(event.target instanceof Element) || !event.target.closest("button")) return;
    keptPress.stale = true;
    keptPress.unwatch();
  };
  keptPress.unwatch();
  document.addEventListener("click", onPress);
  keptPress.unwatch = () => document.removeEventListener("click", onPress);
}
