import { Hono } from "hono";
import { z } from "zod";
import { favoriteCreate, favoriteTrackRef, migrateFavorites, ownerId } from "#schema/api.ts";
import { favoritesPerOwnerLimit } from "#schema/rules.ts";
import type { AppEnv } from "../env";
import { jsonError, siteBusy } from "../http/http";
import { limitPerClient } from "../http/rate-limit";
import { requireUser } from "../http/session";
import { validate } from "../http/validate";
import { getConfig } from "../lib/config";
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
import { budgetMessage, spendSiteBudget } from "../lib/site-budgets";

const ownerParam = validate("param", z.object({ id: ownerId }));
const noStore = { "Cache-Control": "no-store" };

/** Favorite changes (add, remove, migrate) per client network: plenty for a listener, not a flood. */
const limitWrites = limitPerClient("favorites", 100, 10 * 60 * 1000, "favorite changes");

export const favorites = new Hono<AppEnv>()
  .post("/", validate("json", favoriteCreate), limitWrites, async (c) => {
    const { sessionId, ...track } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const owner = await authorizeOwner(db, sessionId, c.get("user"));
    if (isDenied(owner)) return jsonError(c, owner.status, owner.message);
    const now = Date.now();
    // A logged-in listener's favorites are theirs to keep (a mailed login each); anonymous ones
    // are anybody's to invent, so all of them together have a budget.
    if (owner.userId === null) {
      const budget = await spendSiteBudget(db, getConfig(c.env), "anonymous-favorites", now);
      if (!budget.allowed) {
        return siteBusy(c, budget.retryAfterSeconds, budgetMessage("favorites", budget.retryAfterSeconds));
      }
    }
    const added = await addFavorite(db, owner, track, now);
    if (added === "full") {
      return jsonError(
        c,
        409,
        `You have reached the limit of ${favoritesPerOwnerLimit} favorites. Remove one to add another.`,
        "favorites_full",
      );
    }
    return c.json(added.favorite, added.created ? 201 : 200);
  })
  .get("/", requireUser, async (c) =>
    c.json(await listUserFavorites(getDb(c.env.DB), c.var.user.id), 200, noStore),
  )
  .get("/:id", ownerParam, async (c) => {
    const db = getDb(c.env.DB);
    const owner = await authorizeOwner(db, c.req.valid("param").id, c.get("user"));
    if (isDenied(owner)) return jsonError(c, owner.status, owner.message);
    return c.json(await listFavorites(db, owner, Date.now()), 200, noStore);
  })
  .get("/:id/check", ownerParam, validate("query", favoriteTrackRef), async (c) => {
    const db = getDb(c.env.DB);
    const owner = await authorizeOwner(db, c.req.valid("param").id, c.get("user"));
    if (isDenied(owner)) return jsonError(c, owner.status, owner.message);
    const favorited = await isFavorited(db, owner, c.req.valid("query"), Date.now());
    return c.json({ isFavorited: favorited }, 200, noStore);
  })
  .delete("/:id", ownerParam, validate("json", favoriteTrackRef), limitWrites, async (c) => {
    const db = getDb(c.env.DB);
    const owner = await authorizeOwner(db, c.req.valid("param").id, c.get("user"));
    if (isDenied(owner)) return jsonError(c, owner.status, owner.message);
    return c.json({ removed: await removeFavorite(db, owner, c.req.valid("json"), Date.now()) }, 200);
  });

/** POST /api/auth/migrate-favorites lives with the favorites it moves. */
export const migrateFavoritesRoute = new Hono<AppEnv>().post(
  "/",
  requireUser,
  validate("json", migrateFavorites),
  limitWrites,
  async (c) => {
    const migrated = await moveFavorites(getDb(c.env.DB), c.req.valid("json").sessionId, c.var.user.id);
    return c.json({ migrated }, 200);
  },
);
