import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { station } from "../../schema/station";
import { App } from "../../web/app";

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <Router hook={hook}>
      <App />
    </Router>,
  );
}

describe("app shell", () => {
  it("shows the header with both link groups, labelled as the spec gives them", () => {
    renderAt("/");
    const nav = screen.getByRole("navigation", { name: "Main" });
    const labels = within(nav)
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(labels).toEqual([
      "HOME",
      "ABOUT PB",
      "TRACK HISTORY",
      station.name,
      "FAVORITES",
      "PM STATS",
      "CONTACT",
    ]);
  });

  it("marks the current route as current", () => {
    renderAt("/");
    expect(screen.getByRole("link", { name: "HOME" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "PM STATS" }).getAttribute("aria-current")).toBeNull();
  });

  it("shows the not-found screen with a way back home for an unknown route", () => {
    renderAt("/no-such-frequency");
    expect(screen.getByRole("heading", { name: "Page Not Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });
});
