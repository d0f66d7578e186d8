import { Hono } from "hono";
import { z } from "zod";
import { favoriteCreate, favoriteTrackRef, migrateFavorites, ownerId } from "#schema/api.ts";
import type { AppEnv } from "../env";
import { getDb } from "../lib/db";
import {
  addFavorite,
  authorizeOwner,
  isDenied,
  isFavorited,
  listFavorites,
  listUserFavorites,
  migrateFavorites as moveFavorites,
  removeFavorite,
} from "../lib/favorites";
import { jsonError } from "../lib/http";
import { requireUser } from "../lib/session";
import { validate } from "../lib/validate";

const ownerParam = validate("param", z.object({ id: ownerId }));
const noStore = { "Cache-Control": "no-store" };

export const favorites = new Hono<AppEnv>()
  .post("/", validate("json", favoriteCreate), async (c) => {
    const { sessionId, ...track } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const owner = await authorizeOwner(db, sessionId, c.get("user"));
    if (isDenied(owner)) return jsonError(c, owner.status, owner.message);
    const { favorite, created } = await addFavorite(db, owner, track, Date.now());
    return c.json(favorite, created ? 201 : 200);
  })
  .get("/", requireUser, async (c) =>
    c.json(await listUserFavorites(getDb(c.env.DB), c.var.user.id), 200, noStore),
  )
  .get("/:id", ownerParam, async (c) => {
    const db = getDb(c.env.DB);
    const owner = await authorizeOwner(db, c.req.valid("param").id, c.get("user"));
    if (isDenied(owner)) return jsonError(c, owner.status, owner.message);
    return c.json(await listFavorites(db, owner.sessionId), 200, noStore);
  })
  .get("/:id/check", ownerParam, validate("query", favoriteTrackRef), async (c) => {
    const db = getDb(c.env.DB);
    const owner = await authorizeOwner(db, c.req.valid("param").id, c.get("user"));
    if (isDenied(owner)) return jsonError(c, owner.status, owner.message);
    const { trackTitle, trackArtist } = c.req.valid("query");
    const favorited = await isFavorited(db, owner.sessionId, trackTitle, trackArtist);
    return c.json({ isFavorited: favorited }, 200, noStore);
  })
  .delete("/:id", ownerParam, validate("json", favoriteTrackRef), async (c) => {
    const db = getDb(c.env.DB);
    const owner = await authorizeOwner(db, c.req.valid("param").id, c.get("user"));
    if (isDenied(owner)) return jsonError(c, owner.status, owner.message);
    const { trackTitle, trackArtist } = c.req.valid("json");
    return c.json({ removed: await removeFavorite(db, owner.sessionId, trackTitle, trackArtist) }, 200);
  });

/** POST /api/auth/migrate-favorites lives with the favorites it moves. */
export const migrateFavoritesRoute = new Hono<AppEnv>().post(
  "/",
  requireUser,
  validate("json", migrateFavorites),
  async (c) => {
    const migrated = await moveFavorites(getDb(c.env.DB), c.req.valid("json").sessionId, c.var.user.id);
    return c.json({ migrated }, 200);
  },
);
