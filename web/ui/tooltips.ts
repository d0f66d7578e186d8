// Tooltips for the icon-only controls (docs/product.md §9: they open after 700 ms). One tooltip
// for the whole app, shown for any element marked `data-tooltip`, with that element's
// aria-label as its text. Delegated listeners installed by a lazy chunk after the first load:
// the controls need no wrapper component, so the prerendered markup and the first load stay as
// they are (ADR 017). It follows WCAG 1.4.13: Escape dismisses it, the pointer can move onto
// it, and it stays until the pointer or focus leaves.

const tooltipDelayMs = 700;
/** Moving from one tooltip's control to another within this time shows the next at once (as Radix does). */
const tooltipSkipDelayMs = 300;

/** The time the pointer has to move from a control onto its tooltip. */
const leaveGraceMs = 100;
const edgeMarginPx = 8;
const gapPx = 6;

const markedControl = (node: EventTarget | null): HTMLElement | null =>
  node instanceof Element ? node.closest<HTMLElement>("[data-tooltip]") : null;

function focusVisible(element: Element): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    return true;
  }
}

/** Installs the tooltip; returns what removes it again. */
export function installTooltips(): () => void {
  const tip = document.createElement("div");
  tip.className = "tooltip";
  // It repeats the control's accessible name: screen readers have it already.
  tip.setAttribute("aria-hidden", "true");
  tip.hidden = true;
  document.body.append(tip);

  let shownFor: HTMLElement | null = null;
  let openTimer: ReturnType<typeof setTimeout> | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  let closedAt = Number.NEGATIVE_INFINITY;

  function place(control: HTMLElement) {
    const anchor = control.getBoundingClientRect();
    const size = tip.getBoundingClientRect();
    const above = anchor.top - size.height - gapPx;
    const top = above >= edgeMarginPx ? above : anchor.bottom + gapPx;
    const centred = anchor.left + anchor.width / 2 - size.width / 2;
    const left = Math.max(edgeMarginPx, Math.min(centred, window.innerWidth - size.width - edgeMarginPx));
    tip.dataset.side = above >= edgeMarginPx ? "top" : "bottom";
    tip.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
  }

  function show(control: HTMLElement) {
    const text = control.getAttribute("aria-label");
    if (!text || !control.isConnected) return;
    shownFor = control;
    tip.textContent = text;
    tip.hidden = false;
    place(control);
  }

  function hide() {
    clearTimeout(openTimer);
    clearTimeout(closeTimer);
    openTimer = closeTimer = undefined;
    if (shownFor) closedAt = performance.now();
    shownFor = null;
    tip.hidden = true;
  }

  function open(control: HTMLElement) {
    clearTimeout(closeTimer);
    if (control === shownFor) return;
    clearTimeout(openTimer);
    // Moving along a row of controls: the next tooltip follows without a new wait.
    if (shownFor || performance.now() - closedAt < tooltipSkipDelayMs) return show(control);
    openTimer = setTimeout(() => show(control), tooltipDelayMs);
  }

  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType === "touch") return;
    if (tip.contains(event.target as Node)) return clearTimeout(closeTimer);
    const control = markedControl(event.target);
    if (control) open(control);
  };
  const onPointerOut = (event: PointerEvent) => {
    const from = tip.contains(event.target as Node) ? shownFor : markedControl(event.target);
    if (!from) return;
    const to = event.relatedTarget;
    if (to instanceof Node && (from.contains(to) || tip.contains(to))) return;
    clearTimeout(openTimer);
    openTimer = undefined;
    closeTimer = setTimeout(hide, leaveGraceMs);
  };
  const onFocusIn = (event: FocusEvent) => {
    const control = markedControl(event.target);
    if (control && focusVisible(control)) open(control);
  };
  const onFocusOut = (event: FocusEvent) => {
    if (markedControl(event.target)) hide();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") hide();
  };

  const listeners = [
    ["pointerover", onPointerOver],
    ["pointerout", onPointerOut],
    ["focusin", onFocusIn],
    ["focusout", onFocusOut],
    ["keydown", onKeyDown],
    ["pointerdown", hide],
    ["scroll", hide],
  ] as const;
  for (const [type, listener] of listeners) {
    document.addEventListener(type, listener as EventListener, { capture: true, passive: true });
  }
  return () => {
    hide();
    for (const [type, listener] of listeners) {
      document.removeEventListener(type, listener as EventListener, { capture: true });
    }
    tip.remove();
  };
}
