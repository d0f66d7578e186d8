import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { bootScript } from "#schema/boot-script.ts";
import { ThemeToggle } from "#web/features/theme/index.ts";
import { themeStorageKey } from "#web/lib/constants.ts";

const runBootScript = () => new Function(bootScript)();

describe("theme", () => {
  it("defaults to dark when nothing is stored", () => {
    document.documentElement.className = "";
    runBootScript();
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    render(<ThemeToggle />);
    expect(screen.getByRole("button", { name: "Switch to light theme" })).toBeTruthy();
  });

  it("switches and stores the choice under the theme key, and switches back", async () => {
    render(<ThemeToggle />);
    await userEvent.click(screen.getByRole("button", { name: "Switch to light theme" }));
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    expect(localStorage.getItem(themeStorageKey)).toBe("light");
    await userEvent.click(screen.getByRole("button", { name: "Switch to dark theme" }));
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(localStorage.getItem(themeStorageKey)).toBe("dark");
  });

  it("applies the stored theme before first paint (the inline boot script), so a reload keeps it", () => {
    expect(bootScript).toContain(`localStorage.getItem("${themeStorageKey}")`);
    localStorage.setItem(themeStorageKey, "light");
    document.documentElement.className = "dark";
    runBootScript();
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    render(<ThemeToggle />);
    expect(screen.getByRole("button", { name: "Switch to dark theme" })).toBeTruthy();
  });

  it("hides the main area of HTML prerendered for another path until the app renders", () => {
    document.documentElement.setAttribute("data-route", "/about");
    runBootScript();
    expect(document.documentElement.classList.contains("route-pending")).toBe(true);
    document.documentElement.setAttribute("data-route", window.location.pathname);
    document.documentElement.classList.remove("route-pending");
    runBootScript();
    expect(document.documentElement.classList.contains("route-pending")).toBe(false);
    document.documentElement.removeAttribute("data-route");
  });
});
