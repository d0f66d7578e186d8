import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { TrackCover } from "#schema/api.ts";
import { AdminCoversScreen } from "#web/routes/admin/index.tsx";
import { adminUser, listener } from "../support/factories";
import { mockApi } from "../support/fetch";
import { expectToast, renderAt } from "../support/render";
import { FakeXhr, fileOf } from "../support/uploads";

const cover = (title: string, overrides: Partial<TrackCover> = {}): TrackCover => ({
  title,
  artist: "Nightfall Quartet",
  album: "Harbour Lights",
  artwork: `http://localhost/images/3067a4e2-bb81-1b14-cdd9-34620eb03f8c.png`,
  source: "provider",
  lastPlayed: new Date().toISOString(),
  ...overrides,
});

function openCovers(covers: TrackCover[], me: unknown = adminUser) {
  const api = mockApi({
    "GET /api/auth/me": me,
    "GET /api/track-artwork": covers,
    "PUT /api/track-artwork": ({ body }: { body: { image: string | null } }) => ({
      ...body,
      artwork: body.image,
    }),
  });
  renderAt("/pb/covers", <AdminCoversScreen />);
  return { api, user: userEvent.setup() };
}

async function itemOf(title: string): Promise<HTMLElement> {
  const item = (await screen.findByText(title)).closest("li");
  if (!item) throw new Error(`no item for ${title}`);
  return item;
}

beforeEach(() => FakeXhr.install());

describe("/pb/covers", () => {
  it("lists the recent tracks with their covers and where each came from", async () => {
    openCovers([
      cover("Velvet Harbour"),
      cover("Slow Tide", { source: "host", album: null }),
      cover("Rain on Vinyl", { artwork: null, source: null }),
      cover("Blue Hour", { source: "admin" }),
    ]);
    expect(await screen.findByRole("heading", { name: "Track Covers" })).toBeTruthy();
    expect(within(await itemOf("Velvet Harbour")).getByText("Found on MusicBrainz")).toBeTruthy();
    expect(
      within(await itemOf("Velvet Harbour")).getByRole("img", { name: "Cover of Harbour Lights" }),
    ).toBeTruthy();
    expect(within(await itemOf("Slow Tide")).getByText("Sent by the radio host")).toBeTruthy();
    expect(within(await itemOf("Rain on Vinyl")).getByText("No cover: the station's mark")).toBeTruthy();
    expect(within(await itemOf("Rain on Vinyl")).queryByRole("img")).toBeNull();
    expect(within(await itemOf("Blue Hour")).getByText("Set by you")).toBeTruthy();
  });

  it("marks a wrong match as no cover", async () => {
    const { api, user } = openCovers([cover("Velvet Harbour")]);
    await user.click(
      await screen.findByRole("button", { name: "No cover for Velvet Harbour by Nightfall Quartet" }),
    );
    await waitFor(() => expect(api.callsTo("PUT", "/api/track-artwork")).toHaveLength(1));
    expect(api.callsTo("PUT", "/api/track-artwork")[0]?.body).toEqual({
      title: "Velvet Harbour",
      artist: "Nightfall Quartet",
      image: null,
    });
    await expectToast("Cover removed");
  });

  it("replaces a cover with an uploaded image", async () => {
    const { api, user } = openCovers([cover("Velvet Harbour")]);
    const input = await screen.findByLabelText("Cover image for Velvet Harbour by Nightfall Quartet");
    await user.upload(input, fileOf("cover.png", "image/png", 20_000));
    const xhr = FakeXhr.instances[0];
    expect(xhr?.url).toBe("/api/upload");
    const uploaded = "/images/9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f.png";
    xhr?.respond(201, { url: uploaded });
    await waitFor(() => expect(api.callsTo("PUT", "/api/track-artwork")).toHaveLength(1));
    expect(api.callsTo("PUT", "/api/track-artwork")[0]?.body).toMatchObject({ image: uploaded });
    await expectToast("Cover replaced");
  });

  it("asks anyone but the admin to log in", async () => {
    openCovers([cover("Velvet Harbour")], listener);
    expect(await screen.findByRole("heading", { name: "Admin Login" })).toBeTruthy();
    expect(screen.queryByText("Velvet Harbour")).toBeNull();
  });
});
