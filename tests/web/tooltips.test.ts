import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installTooltips } from "#web/ui/tooltips.ts";

let uninstall: () => void = () => undefined;

function control(label: string): HTMLButtonElement {
  const button = document.createElement("button");
  button.setAttribute("aria-label", label);
  button.setAttribute("data-tooltip", "");
  document.body.append(button);
  return button;
}

/** jsdom has no PointerEvent: a mouse event of the same type carries what the tooltip reads. */
function pointer(
  type: string,
  target: Element,
  init: { relatedTarget?: Element; pointerType?: string } = {},
) {
  const event = new MouseEvent(type, { bubbles: true, relatedTarget: init.relatedTarget ?? null });
  Object.defineProperty(event, "pointerType", { value: init.pointerType ?? "mouse" });
  target.dispatchEvent(event);
}

const tooltip = () => document.querySelector<HTMLElement>(".tooltip");
const shown = () => (tooltip()?.hidden === false ? tooltip()?.textContent : null);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  uninstall = installTooltips();
});

afterEach(() => {
  uninstall();
  document.body.innerHTML = "";
  vi.useRealTimers();
});

describe("tooltips on icon-only controls (docs/product.md §9)", () => {
  it("opens after 700 ms of hover with the control's name, and closes when the pointer leaves", () => {
    const button = control("Sleep timer");
    pointer("pointerover", button);
    vi.advanceTimersByTime(699);
    expect(shown()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(shown()).toBe("Sleep timer");
    // It repeats the accessible name: hidden from screen readers.
    expect(tooltip()?.getAttribute("aria-hidden")).toBe("true");
    pointer("pointerout", button, { relatedTarget: document.body });
    vi.advanceTimersByTime(100);
    expect(shown()).toBeNull();
  });

  it("never opens when the pointer leaves before 700 ms, or for a touch", () => {
    const button = control("Share track");
    pointer("pointerover", button);
    vi.advanceTimersByTime(500);
    pointer("pointerout", button, { relatedTarget: document.body });
    vi.advanceTimersByTime(1000);
    expect(shown()).toBeNull();
    pointer("pointerover", button, { pointerType: "touch" });
    vi.advanceTimersByTime(1000);
    expect(shown()).toBeNull();
  });

  it("stays while the pointer moves onto it, and Escape dismisses it (WCAG 1.4.13)", () => {
    const button = control("Mute");
    pointer("pointerover", button);
    vi.advanceTimersByTime(700);
    const tip = tooltip() as HTMLElement;
    pointer("pointerout", button, { relatedTarget: tip });
    pointer("pointerover", tip);
    vi.advanceTimersByTime(1000);
    expect(shown()).toBe("Mute");
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(shown()).toBeNull();
  });

  it("moves to the next control at once while one is open, then waits again after a pause", () => {
    const theme = control("Switch to light theme");
    const timer = control("Sleep timer");
    pointer("pointerover", theme);
    vi.advanceTimersByTime(700);
    pointer("pointerout", theme, { relatedTarget: timer });
    pointer("pointerover", timer);
    expect(shown()).toBe("Sleep timer");
    pointer("pointerout", timer, { relatedTarget: document.body });
    vi.advanceTimersByTime(1000);
    pointer("pointerover", theme);
    expect(shown()).toBeNull();
    vi.advanceTimersByTime(700);
    expect(shown()).toBe("Switch to light theme");
  });

  it("opens for keyboard focus and closes on blur; a click closes it", () => {
    const button = control("Open menu");
    button.focus();
    vi.advanceTimersByTime(700);
    expect(shown()).toBe("Open menu");
    button.blur();
    expect(shown()).toBeNull();
    pointer("pointerover", button);
    vi.advanceTimersByTime(700);
    pointer("pointerdown", button);
    expect(shown()).toBeNull();
  });

  it("ignores controls that are not marked", () => {
    const plain = document.createElement("button");
    plain.setAttribute("aria-label", "Log in");
    document.body.append(plain);
    pointer("pointerover", plain);
    vi.advanceTimersByTime(2000);
    expect(shown()).toBeNull();
  });
});
