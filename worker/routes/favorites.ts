import { Hono } from "hono";
import type { AppEnv } from "../app";

export const favorites = new Hono<AppEnv>();

/** POST /api/auth/migrate-favorites lives with the favorites it moves. */
export const migrateFavoritesRoute = new Hono<AppEnv>();
