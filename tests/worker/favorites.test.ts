import { beforeEach, describe, expect, it } from "vitest";
import { favorite } from "#schema/api.ts";
import { sendJson } from "./support/request";
import { clearTables } from "./support/reset";
import { newSession } from "./support/session";
import { anonymousId } from "./support/unique";

type Json = Record<string, unknown>;

const call = (method: string, path: string, options: { body?: unknown; cookie?: string } = {}) =>
  sendJson(method, path, options.body, options.cookie ? { Cookie: options.cookie } : {});

const track = (overrides: Json = {}) => ({
  trackTitle: "Velvet Harbour",
  trackArtist: "Nightfall Quartet",
  trackAlbum: "Harbour Lights",
  trackArtwork: "https://img.example/velvet.jpg",
  ...overrides,
});

const add = (sessionId: string, overrides: Json = {}, cookie?: string) =>
  call("POST", "/api/favorites", { body: { sessionId, ...track(overrides) }, cookie });

const list = async (id: string, cookie?: string) =>
  (await (await call("GET", `/api/favorites/${id}`, { cookie })).json()) as Json[];

const check = async (id: string, title: string, artist: string, cookie?: string) =>
  call(
    "GET",
    `/api/favorites/${id}/check?${new URLSearchParams({ trackTitle: title, trackArtist: artist })}`,
    {
      cookie,
    },
  );

async function expectError(res: Response, status: number, message?: RegExp) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: string; message: string };
  expect(typeof body.error).toBe("string");
  if (message) expect(body.message).toMatch(message);
}

beforeEach(() => clearTables("favorites"));

describe("POST /api/favorites", () => {
  it("adds a favorite for an anonymous session and answers it with 201", async () => {
    const sessionId = anonymousId();
    const res = await add(sessionId);
    expect(res.status).toBe(201);
    const body = favorite.parse(await res.json());
    expect(body).toMatchObject({ sessionId, userId: null, ...track() });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
  });

  it("is idempotent: the same track twice, in any case, is one favorite", async () => {
    const sessionId = anonymousId();
    const first = (await (await add(sessionId)).json()) as Json;
    const again = await add(sessionId, { trackTitle: "velvet HARBOUR", trackArtist: "nightfall quartet" });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Json).id).toBe(first.id);
    expect(await list(sessionId)).toHaveLength(1);
  });

  it("trims title and artist and stores absent album and artwork as null", async () => {
    const sessionId = anonymousId();
    const res = await add(sessionId, {
      trackTitle: "  Slow Tide ",
      trackArtist: " Amber Sato ",
      trackAlbum: null,
      trackArtwork: "",
    });
    expect(await res.json()).toMatchObject({
      trackTitle: "Slow Tide",
      trackArtist: "Amber Sato",
      trackAlbum: null,
      trackArtwork: null,
    });
  });

  it("sets userId too when a logged-in user posts with their own id as sessionId", async () => {
    const user = await newSession("user");
    const res = await add(user.id, {}, user.cookie);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ sessionId: user.id, userId: user.id });
  });

  it.each([
    ["a missing sessionId", { sessionId: undefined }, /sessionId is required/],
    ["a blank title", { trackTitle: "   " }, /trackTitle is required/],
    ["a missing artist", { trackArtist: undefined }, /trackArtist is required/],
    ["a title over 300 characters", { trackTitle: "x".repeat(301) }, /at most 300/],
    ["an artwork that is no http(s) URL", { trackArtwork: "javascript:alert(1)" }, /http\(s\) URL/],
    ["a sessionId with forbidden characters", { sessionId: "../../etc" }, /Invalid session id/],
    [
      "a sessionId that is neither a user nor an anonymous session",
      { sessionId: "guessable" },
      /Invalid session id/,
    ],
  ])("refuses %s with 400", async (_what, overrides, message) => {
    const body = { sessionId: anonymousId(), ...track(), ...overrides };
    await expectError(await call("POST", "/api/favorites", { body }), 400, message);
  });

  it("refuses a body that is not JSON with 400", async () => {
    await expectError(await call("POST", "/api/favorites", { body: "{not json" }), 400);
  });

  it("refuses a user's id from somebody not logged in (401) and from another user (403)", async () => {
    const owner = await newSession("user");
    const other = await newSession("user");
    await expectError(await add(owner.id), 401);
    await expectError(await add(owner.id, {}, other.cookie), 403);
    expect(await list(owner.id, owner.cookie)).toEqual([]);
  });
});

describe("GET /api/favorites", () => {
  it("lists the logged-in user's favorites, newest first", async () => {
    const user = await newSession("user");
    await add(user.id, { trackTitle: "First" }, user.cookie);
    await add(user.id, { trackTitle: "Second" }, user.cookie);
    await add(anonymousId(), { trackTitle: "Somebody else's" });
    const res = await call("GET", "/api/favorites", { cookie: user.cookie });
    expect(res.status).toBe(200);
    const items = ((await res.json()) as Json[]).map((f) => favorite.parse(f));
    expect(items.map((f) => f.trackTitle)).toEqual(["Second", "First"]);
  });

  it("answers 401 when nobody is logged in", async () => {
    await expectError(await call("GET", "/api/favorites"), 401);
  });
});

describe("GET /api/favorites/{id}", () => {
  it("lists an anonymous session's favorites to whoever presents its id", async () => {
    const sessionId = anonymousId();
    await add(sessionId, { trackTitle: "One" });
    await add(sessionId, { trackTitle: "Two" });
    await add(anonymousId(), { trackTitle: "Other session" });
    expect((await list(sessionId)).map((f) => f.trackTitle)).toEqual(["Two", "One"]);
  });

  it("answers an empty list for a session without favorites", async () => {
    expect(await list(anonymousId())).toEqual([]);
  });

  it("lists a user's favorites only to that user: 401 logged out, 403 for another user", async () => {
    const owner = await newSession("user");
    const other = await newSession("user");
    await add(owner.id, {}, owner.cookie);
    expect(await list(owner.id, owner.cookie)).toHaveLength(1);
    await expectError(await call("GET", `/api/favorites/${owner.id}`), 401);
    await expectError(await call("GET", `/api/favorites/${owner.id}`, { cookie: other.cookie }), 403);
  });

  it("refuses an id that is no owner id with 400", async () => {
    await expectError(await call("GET", "/api/favorites/not_an$id"), 400, /Invalid session id/);
    await expectError(await call("GET", "/api/favorites/short"), 400, /Invalid session id/);
  });
});

describe("GET /api/favorites/{id}/check", () => {
  it("answers isFavorited true for a saved track, case-insensitively, and false otherwise", async () => {
    const sessionId = anonymousId();
    await add(sessionId);
    expect(await (await check(sessionId, "VELVET harbour", "Nightfall Quartet")).json()).toEqual({
      isFavorited: true,
    });
    expect(await (await check(sessionId, "Slow Tide", "Amber Sato")).json()).toEqual({ isFavorited: false });
    expect(await (await check(anonymousId(), "Velvet Harbour", "Nightfall Quartet")).json()).toEqual({
      isFavorited: false,
    });
  });

  it("refuses a missing or blank trackTitle or trackArtist with 400", async () => {
    const sessionId = anonymousId();
    await expectError(
      await call("GET", `/api/favorites/${sessionId}/check?trackArtist=A`),
      400,
      /trackTitle/,
    );
    await expectError(await check(sessionId, "Title", " "), 400, /trackArtist is required/);
  });

  it("checks a user's favorites only for that user", async () => {
    const owner = await newSession("user");
    const other = await newSession("user");
    await add(owner.id, {}, owner.cookie);
    expect(await (await check(owner.id, "Velvet Harbour", "Nightfall Quartet", owner.cookie)).json()).toEqual(
      {
        isFavorited: true,
      },
    );
    await expectError(await check(owner.id, "Velvet Harbour", "Nightfall Quartet"), 401);
    await expectError(await check(owner.id, "Velvet Harbour", "Nightfall Quartet", other.cookie), 403);
  });
});

describe("DELETE /api/favorites/{id}", () => {
  const remove = (id: string, body: unknown, cookie?: string) =>
    call("DELETE", `/api/favorites/${id}`, { body, cookie });

  it("removes the named track, case-insensitively, and only that one", async () => {
    const sessionId = anonymousId();
    await add(sessionId);
    await add(sessionId, { trackTitle: "Slow Tide", trackArtist: "Amber Sato" });
    const res = await remove(sessionId, { trackTitle: "velvet harbour", trackArtist: "NIGHTFALL QUARTET" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ removed: true });
    expect((await list(sessionId)).map((f) => f.trackTitle)).toEqual(["Slow Tide"]);
  });

  it("answers removed false for a track that is not a favorite", async () => {
    const res = await remove(anonymousId(), { trackTitle: "Nope", trackArtist: "Nobody" });
    expect(await res.json()).toEqual({ removed: false });
  });

  it("refuses a body without trackTitle or trackArtist with 400", async () => {
    const sessionId = anonymousId();
    await expectError(await remove(sessionId, { trackArtist: "A" }), 400, /trackTitle is required/);
    await expectError(await remove(sessionId, { trackTitle: "T" }), 400, /trackArtist is required/);
    await expectError(await remove(sessionId, undefined), 400);
  });

  it("removes a user's favorite only for that user", async () => {
    const owner = await newSession("user");
    const other = await newSession("user");
    await add(owner.id, {}, owner.cookie);
    const ref = { trackTitle: "Velvet Harbour", trackArtist: "Nightfall Quartet" };
    await expectError(await remove(owner.id, ref), 401);
    await expectError(await remove(owner.id, ref, other.cookie), 403);
    expect(await list(owner.id, owner.cookie)).toHaveLength(1);
    expect(await (await remove(owner.id, ref, owner.cookie)).json()).toEqual({ removed: true });
  });
});

describe("POST /api/auth/migrate-favorites", () => {
  const migrate = (sessionId: unknown, cookie?: string) =>
    call("POST", "/api/auth/migrate-favorites", { body: { sessionId }, cookie });

  it("moves the anonymous session's favorites to the user, merging duplicates", async () => {
    const user = await newSession("user");
    const sessionId = anonymousId();
    await add(user.id, { trackTitle: "Shared Song", trackAlbum: "The user's copy" }, user.cookie);
    await add(sessionId, { trackTitle: "shared song", trackAlbum: "The session's copy" });
    await add(sessionId, { trackTitle: "Only Anonymous" });
    const res = await migrate(sessionId, user.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ migrated: 1 });
    const mine = (await (await call("GET", "/api/favorites", { cookie: user.cookie })).json()) as Json[];
    expect(mine.map((f) => [f.trackTitle, f.trackAlbum, f.sessionId, f.userId]).sort()).toEqual([
      ["Only Anonymous", "Harbour Lights", user.id, user.id],
      ["Shared Song", "The user's copy", user.id, user.id],
    ]);
    expect(await list(sessionId)).toEqual([]);
  });

  it("changes nothing when run twice", async () => {
    const user = await newSession("user");
    const sessionId = anonymousId();
    await add(sessionId, { trackTitle: "One" });
    await add(sessionId, { trackTitle: "Two" });
    expect(await (await migrate(sessionId, user.cookie)).json()).toEqual({ migrated: 2 });
    const after = await list(user.id, user.cookie);
    expect(await (await migrate(sessionId, user.cookie)).json()).toEqual({ migrated: 0 });
    expect(await list(user.id, user.cookie)).toEqual(after);
  });

  it("answers 401 when nobody is logged in and moves nothing", async () => {
    const sessionId = anonymousId();
    await add(sessionId);
    await expectError(await migrate(sessionId), 401);
    expect(await list(sessionId)).toHaveLength(1);
  });

  it.each([
    ["a missing sessionId", undefined],
    ["a user id instead of an anonymous session id", "3f1c2d4e-0000-4000-8000-000000000000"],
    ["a session id with too little randomness", "session-1700000000000-abc"],
  ])("refuses %s with 400", async (_what, sessionId) => {
    const user = await newSession("user");
    await expectError(await migrate(sessionId, user.cookie), 400, /session id|Invalid/i);
  });
});
