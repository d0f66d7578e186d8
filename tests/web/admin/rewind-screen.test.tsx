// /pb/rewind (ADR 042): the operator's rewind settings, each with the line that says why, saved
// whole; the recording's length bounds the window.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { RewindSettings, RewindSettingsAnswer } from "#schema/api/rewind.ts";
import { AdminRewindScreen } from "#web/routes/admin/index.tsx";
import { adminUser } from "../support/factories";
import { mockApi } from "../support/fetch";
import { expectToast, renderAt } from "../support/render";

const saved: RewindSettingsAnswer = {
  settings: { minutes: 60, restartTrack: true, playFromHistory: true, relay: false },
  recordedMinutes: 60,
};

function openRewind(answer: RewindSettingsAnswer) {
  const api = mockApi({
    "GET /api/auth/me": adminUser,
    "GET /api/rewind/settings": answer,
    "PUT /api/rewind/settings": ({ body }: { body: RewindSettings }) =>
      body.minutes > answer.recordedMinutes
        ? new Response(JSON.stringify({ error: "bad_request", message: "minutes must be at most 60" }), {
            status: 400,
            headers: { "Content-Type": "application/json" },
          })
        : { settings: body, recordedMinutes: answer.recordedMinutes },
  });
  renderAt("/pb/rewind", <AdminRewindScreen />);
  return { api, user: userEvent.setup() };
}

describe("/pb/rewind", () => {
  it("shows each setting with why it is one, and saves what the operator chose", async () => {
    const { api, user } = openRewind(saved);
    const minutes = await screen.findByRole("spinbutton", {
      name: "How far back listeners may go (minutes)",
    });
    expect((minutes as HTMLInputElement).value).toBe("60");
    expect(minutes.getAttribute("max")).toBe("60");
    const restart = screen.getByRole("checkbox", { name: "Offer 'Restart this track'" });
    expect(screen.getByRole("checkbox", { name: "Offer playing a track from the history" })).toBeTruthy();
    const relay = screen.getByRole("checkbox", { name: "Relay mode" }) as HTMLInputElement;
    expect(relay.checked).toBe(false);
    expect(restart.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(restart.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(
      /interactive/,
    );

    await user.clear(minutes);
    await user.type(minutes, "20");
    await user.click(restart);
    await user.click(relay);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.callsTo("PUT", "/api/rewind/settings")).toHaveLength(1));
    expect(api.callsTo("PUT", "/api/rewind/settings")[0]?.body).toEqual({
      minutes: 20,
      restartTrack: false,
      playFromHistory: true,
      relay: true,
    });
    await expectToast("Saved");
  });

  it("says why a save was refused and keeps what was typed", async () => {
    const { user } = openRewind({ ...saved, settings: { ...saved.settings, minutes: 30 } });
    const minutes = await screen.findByRole("spinbutton", {
      name: "How far back listeners may go (minutes)",
    });
    // Past the field's own max: the browser's check is skipped here, the server's answer shows.
    minutes.removeAttribute("max");
    await user.clear(minutes);
    await user.type(minutes, "90");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expectToast("Not saved");
    expect((minutes as HTMLInputElement).value).toBe("90");
  });

  it("offers nothing where the station records nothing", async () => {
    openRewind({
      settings: { minutes: 0, restartTrack: false, playFromHistory: false, relay: false },
      recordedMinutes: 0,
    });
    expect(await screen.findByText(/The station records nothing/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});
