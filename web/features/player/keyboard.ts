// Keyboard shortcuts: space toggles play, `m` mutes, unless focus is where those keys mean something.
import { useEffect } from "react";

/** Where typing happens: neither key is ours there. */
const textFieldSelector =
  "textarea, select, [contenteditable=''], [contenteditable='true'], [role='textbox'], input:not([type='range']):not([type='checkbox']):not([type='radio']):not([type='button']):not([type='submit']):not([type='reset'])";
/** Controls that activate on space themselves. */
const spaceHandlerSelector =
  "button, a[href], summary, input, [role='button'], [role='slider'], [role='checkbox'], [role='switch'], [role='radio'], [role='menuitem'], [role='option'], [role='tab']";

export function usePlayerShortcuts(toggle: () => void, toggleMute: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(textFieldSelector)) return;
      if (event.key === " " || event.code === "Space") {
        if (target?.closest(spaceHandlerSelector) || target?.closest("[role='dialog']")) return;
        event.preventDefault();
        toggle();
      } else if (event.key === "m" || event.key === "M") {
        toggleMute();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [toggle, toggleMute]);
}
