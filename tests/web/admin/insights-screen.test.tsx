import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Insights } from "#schema/api/insights.ts";
import { AdminInsightsScreen } from "#web/routes/admin/index.tsx";
import { adminUser, listener } from "../support/factories";
import { mockApi } from "../support/fetch";
import { expectToast, renderAt } from "../support/render";

const song = (title: string, averageChange: number) => ({
  title,
  artist: "Nightfall Quartet",
  plays: 3,
  averageChange,
  averageListeners: 20,
  favorites: 2,
});

function anInsights(overrides: Partial<Insights> = {}): Insights {
  return {
    range: "24h",
    from: "2026-11-23T12:00:00.000Z",
    to: "2026-11-24T12:00:00.000Z",
    resolution: "minute",
    listenersPublic: true,
    peak: 31,
    average: 17.5,
    series: [
      { start: "2026-11-24T11:58:00.000Z", min: 10, average: 11.5, max: 13 },
      { start: "2026-11-24T11:59:00.000Z", min: 12, average: 14, max: 31 },
    ],
    mounts: [
      { mount: "/hd", quality: "hd", peak: 20, average: 9.5 },
      { mount: "/mobile", quality: "mobile", peak: 11, average: 8 },
    ],
    sessions: {
      total: 4,
      seconds: 4 * 600,
      length: [
        { value: "5-15m", sessions: 3, seconds: 1_800 },
        { value: "1-2h", sessions: 1, seconds: 600 },
      ],
      quality: [{ value: "hd", sessions: 4, seconds: 2_400 }],
      device: [
        { value: "mobile", sessions: 3, seconds: 1_800 },
        { value: "desktop", sessions: 1, seconds: 600 },
      ],
      country: [
        { value: "DE", sessions: 3, seconds: 1_800 },
        { value: "unknown", sessions: 1, seconds: 600 },
      ],
      account: [{ value: "anonymous", sessions: 4, seconds: 2_400 }],
      via: [
        { value: "site", sessions: 3, seconds: 1_800 },
        { value: "embed", sessions: 1, seconds: 600 },
      ],
    },
    songImpact: {
      computedAt: "2026-11-24T11:55:00.000Z",
      gainers: [song("Velvet Harbour", 4.5)],
      losers: [song("Slow Tide", -3)],
    },
    ...overrides,
  };
}

function openInsights(me: unknown = adminUser) {
  const api = mockApi({
    "GET /api/auth/me": me,
    "GET /api/insights": ({ path }: { path: string }) =>
      anInsights({
        range: (new URL(path, "http://localhost").searchParams.get("range") ?? "24h") as Insights["range"],
      }),
    "GET /api/insights/now": { listeners: 12, readAt: "2026-11-24T12:00:00.000Z" },
    "PUT /api/insights/settings": ({ body }: { body: unknown }) => body,
  });
  renderAt("/pb/insights", <AdminInsightsScreen />);
  return { api, user: userEvent.setup() };
}

beforeEach(() => {
  // jsdom has no canvas and no media queries: the chart stays undrawn, its table tells all.
  vi.stubGlobal("matchMedia", () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
});

describe("/pb/insights", () => {
  it("shows the admin login to anyone but the admin", async () => {
    openInsights(listener);
    expect(await screen.findByRole("heading", { name: "Admin Login" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Station Insights" })).toBeNull();
  });

  it("shows listeners now, the range's peak and average, and each breakdown as a table", async () => {
    openInsights();
    expect(await screen.findByRole("heading", { name: "Station Insights" })).toBeTruthy();
    const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    await waitFor(() => expect(figure("Listeners now")).toBe("12"));
    expect(figure("Peak, last 24 hours")).toBe("31");
    expect(figure("Average, last 24 hours")).toBe("17.5");
    expect(figure("Average session")).toBe("10 min");

    const country = screen.getByRole("region", { name: "By country" });
    expect(within(country).getByRole("rowheader", { name: "Germany" })).toBeTruthy();
    expect(within(country).getByRole("rowheader", { name: "Unknown" })).toBeTruthy();
    expect(within(country).getByText("75%")).toBeTruthy();
    const lengths = screen.getByRole("region", { name: "Session length" });
    expect(
      within(lengths)
        .getAllByRole("rowheader")
        .map((h) => h.textContent),
    ).toEqual(["5–15 min", "1–2 h"]);
    const device = screen.getByRole("region", { name: "By device" });
    expect(
      within(device)
        .getAllByRole("rowheader")
        .map((h) => h.textContent),
    ).toEqual(["Phone", "Computer"]);
    // Listeners through partners' pages are their own row (the embed, /embed).
    const via = screen.getByRole("region", { name: "On the site or embedded" });
    expect(
      within(via)
        .getAllByRole("rowheader")
        .map((h) => h.textContent),
    ).toEqual(["On the site", "Embedded on partners' pages"]);
    const streams = screen.getByRole("region", { name: "Listeners per stream" });
    expect(within(streams).getByRole("rowheader", { name: "HD (320 kbps) /hd" })).toBeTruthy();

    const gaining = screen.getByRole("region", { name: "Tracks that gain listeners" });
    expect(within(gaining).getByText("+4.5")).toBeTruthy();
    expect(within(gaining).getByText("Velvet Harbour")).toBeTruthy();
    const losing = screen.getByRole("region", { name: "Tracks that lose listeners" });
    expect(within(losing).getByText("-3")).toBeTruthy();
  });

  it("offers every table as CSV and the chart as a table", async () => {
    const { user } = openInsights();
    const chart = await screen.findByRole("region", { name: "Listeners over time" });
    expect(within(chart).getByRole("link", { name: "CSV of listeners over time" }).getAttribute("href")).toBe(
      "/api/insights/export?range=24h&table=listeners",
    );
    expect(
      within(screen.getByRole("region", { name: "Tracks that lose listeners" }))
        .getByRole("link", { name: /CSV/ })
        .getAttribute("href"),
    ).toBe("/api/insights/export?range=24h&table=songs");
    expect(within(chart).queryByRole("table")).toBeNull();
    await user.click(within(chart).getByText("The chart as a table"));
    const rows = within(await within(chart).findByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["12", "14", "31"]);
  });

  it("switches the range and asks for it", async () => {
    const { api, user } = openInsights();
    await screen.findByText("Peak, last 24 hours");
    await user.click(screen.getByRole("button", { name: "7 days" }));
    expect(await screen.findByText("Peak, last 7 days")).toBeTruthy();
    expect(screen.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(api.callsTo("GET", "/api/insights").map((c) => c.path)).toContain("/api/insights?range=7d");
    expect(
      within(screen.getByRole("region", { name: "Listeners over time" }))
        .getByRole("link", { name: /CSV/ })
        .getAttribute("href"),
    ).toBe("/api/insights/export?range=7d&table=listeners");
  });

  it("hides the listener count from listeners when the admin switches it off", async () => {
    const { api, user } = openInsights();
    const setting = await screen.findByRole("switch", { name: "Show the listener count to listeners" });
    expect(setting.getAttribute("aria-checked")).toBe("true");
    await user.click(setting);
    await expectToast("The count is hidden from listeners");
    expect(api.callsTo("PUT", "/api/insights/settings").map((c) => c.body)).toEqual([
      { listenersPublic: false },
    ]);
  });
});
