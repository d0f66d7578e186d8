// Auth: the login link request, the admin's login, the current user, moving an anonymous
// session's favorites to the user, and the debug list of login links.
import { z } from "zod";
import { limits } from "../limits";
import { anonymousSessionId } from "./common";

export const requestLogin = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .max(limits.email, "Invalid e-mail address")
    .pipe(z.email({ error: "Invalid e-mail address" })),
});
export type RequestLogin = z.input<typeof requestLogin>;

export const adminLogin = z.object({
  username: z.string({ error: "Username is required" }).min(1, "Username is required").max(200),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1000),
});
export type AdminLogin = z.input<typeof adminLogin>;

export const migrateFavorites = z.object({ sessionId: anonymousSessionId });
export type MigrateFavorites = z.input<typeof migrateFavorites>;

/** The answer of POST /api/auth/migrate-favorites: how many favorites moved. */
export const favoritesMigrated = z.object({ migrated: z.number().int().nonnegative() });
export type FavoritesMigrated = z.infer<typeof favoritesMigrated>;

export const currentUser = z.object({ id: z.string(), email: z.string() }).nullable();
export type CurrentUser = z.infer<typeof currentUser>;

export const debugTokens = z.object({
  tokens: z.array(
    z.object({
      email: z.string(),
      link: z.string(),
      /** ISO 8601. */
      expiresAt: z.string(),
      used: z.boolean(),
    }),
  ),
});
export type DebugTokens = z.infer<typeof debugTokens>;
