import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ReportFiler, ReportSummary } from "#schema/api/reports.ts";
import { lastMonth } from "#web/lib/queries/reports.ts";
import { AdminReportsScreen } from "#web/routes/admin/index.tsx";
import { adminUser } from "../support/factories";
import { mockApi } from "../support/fetch";
import { expectToast, renderAt } from "../support/render";

const summary: ReportSummary = {
  from: "2026-10-01",
  to: "2026-10-31",
  plays: 10_950,
  followedPlays: 10_900,
  recordings: 2_400,
  recordingsWithIsrc: 2_398,
  performances: 181_234,
  tuningHours: 12_345.5,
  sampledHours: 740,
  hours: 744,
  missing: [
    {
      title: "Café Noir",
      artist: "Zoë Ästhetik",
      album: null,
      plays: 3,
      isrc: null,
      label: null,
      source: "provider",
    },
    {
      title: "Paper Lanterns",
      artist: "Mira Okafor",
      album: "Nu Jazz Diaries",
      plays: 1,
      isrc: null,
      label: "Diaries Records",
      source: "provider",
    },
  ],
  missingTotal: 2,
};

const filer: ReportFiler = {
  serviceName: "Lounge Radio",
  contactName: "Ada Operator",
  street: "1 Harbour Street",
  cityStateZip: "Portland, OR 97201",
  phone: "+1 503 555 0100",
  email: "reports@example.com",
};

function openReports(saved: ReportFiler | null) {
  const api = mockApi({
    "GET /api/auth/me": adminUser,
    "GET /api/reports/summary": summary,
    "GET /api/reports/filer": { filer: saved },
    "PUT /api/reports/filer": ({ body }: { body: ReportFiler }) => ({ filer: body }),
    "PUT /api/reports/recording": ({ body }: { body: object }) => ({ ...body, source: "admin" }),
  });
  renderAt("/pb/reports", <AdminReportsScreen />);
  return { api, user: userEvent.setup() };
}

describe("/pb/reports", () => {
  it("sums up last month and links both downloads once someone files", async () => {
    const { api } = openReports(filer);
    const figures = await screen.findByLabelText("The period in figures");
    expect(within(figures).getByText("10,950")).toBeTruthy();
    expect(within(figures).getByText("181,234")).toBeTruthy();
    expect(within(figures).getByText("12,345.5")).toBeTruthy();
    expect(screen.getByText(/50 plays have no listener figures/)).toBeTruthy();
    const { from, to } = lastMonth();
    expect(api.callsTo("GET", "/api/reports/summary")[0]?.path).toBe(
      `/api/reports/summary?from=${from}&to=${to}`,
    );
    expect(screen.getByRole("link", { name: "Download SoundExchange report" }).getAttribute("href")).toBe(
      `/api/reports/soundexchange?from=${from}&to=${to}`,
    );
    expect(screen.getByRole("link", { name: "Download every play (CSV)" }).getAttribute("href")).toBe(
      `/api/reports/plays?from=${from}&to=${to}`,
    );
  });

  it("asks who files before SoundExchange's report, and saves them", async () => {
    const { api, user } = openReports(null);
    expect(await screen.findByText(/Fill in who files below/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Download SoundExchange report" })).toBeNull();
    const form = screen.getByRole("form", { name: "Who files" });
    for (const [label, value] of [
      ["Name of the service", filer.serviceName],
      ["Contact name", filer.contactName],
      ["Street address", filer.street],
      ["City, state and ZIP code", filer.cityStateZip],
      ["Telephone", filer.phone],
      ["E-mail", filer.email],
    ] as const) {
      await user.type(within(form).getByLabelText(label), value);
    }
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.callsTo("PUT", "/api/reports/filer")).toHaveLength(1));
    expect(api.callsTo("PUT", "/api/reports/filer")[0]?.body).toEqual(filer);
    expect(await screen.findByRole("link", { name: "Download SoundExchange report" })).toBeTruthy();
  });

  it("lists the recordings without an ISRC and saves one the admin fills in", async () => {
    const { api, user } = openReports(filer);
    const form = await screen.findByRole("form", { name: "Café Noir by Zoë Ästhetik" });
    expect(within(form).getByText("Zoë Ästhetik · 3 plays")).toBeTruthy();
    await user.type(within(form).getByLabelText("ISRC"), "FR-Z03-20-00123");
    await user.type(within(form).getByLabelText("Label"), "Noir Records");
    await user.click(
      within(form).getByRole("button", { name: "Save the ISRC and label of Café Noir by Zoë Ästhetik" }),
    );
    await waitFor(() => expect(api.callsTo("PUT", "/api/reports/recording")).toHaveLength(1));
    expect(api.callsTo("PUT", "/api/reports/recording")[0]?.body).toEqual({
      title: "Café Noir",
      artist: "Zoë Ästhetik",
      isrc: "FR-Z03-20-00123",
      label: "Noir Records",
    });
    await expectToast("Recording saved");
    expect(
      within(screen.getByRole("form", { name: "Paper Lanterns by Mira Okafor" })).getByLabelText("Label"),
    ).toHaveProperty("value", "Diaries Records");
  });
});
