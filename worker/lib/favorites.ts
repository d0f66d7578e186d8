// Favorites by owner: an anonymous session id (a bearer secret) or a logged-in user's id.
import { and, type Column, desc, eq, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { anonymousSessionId, type CurrentUser, type Favorite } from "#schema/api.ts";
import { favorites, users } from "#schema/db.ts";
import type { Db } from "./db";

export type Owner = { sessionId: string; userId: string | null };
export type OwnerDenied = { status: 400 | 401 | 403; message: string };

/**
 * Who may use an owner id: a user's id only that user, logged in; an anonymous session
 * id whoever presents it. Anything else is not an owner id.
 */
export async function authorizeOwner(
  db: Db,
  ownerId: string,
  user: CurrentUser,
): Promise<Owner | OwnerDenied> {
  if (user && ownerId === user.id) return { sessionId: ownerId, userId: user.id };
  const ownerUser = await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).get();
  if (ownerUser) {
    return user
      ? { status: 403, message: "These favorites belong to another user." }
      : { status: 401, message: "Log in to use these favorites." };
  }
  if (!anonymousSessionId.safeParse(ownerId).success) return { status: 400, message: "Invalid session id" };
  return { sessionId: ownerId, userId: null };
}

export function isDenied(access: Owner | OwnerDenied): access is OwnerDenied {
  return "status" in access;
}

type FavoriteRow = typeof favorites.$inferSelect;

/** Insertion order (rowid) breaks ties between favorites added in the same millisecond. */
const newestFirst = [desc(favorites.createdAt), desc(sql`rowid`)];

function toFavorite(row: FavoriteRow): Favorite {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The owner's favorite of a track (a value, or another row's column) in `table` (favorites or an alias). */
function sameTrack(
  table: Record<"sessionId" | "trackTitle" | "trackArtist", Column>,
  owner: string,
  trackTitle: string | Column,
  trackArtist: string | Column,
) {
  // Matches the unique index favorites_owner_track_uq: (session_id, lower(title), lower(artist)).
  return and(
    eq(table.sessionId, owner),
    eq(sql`lower(${table.trackTitle})`, sql`lower(${trackTitle})`),
    eq(sql`lower(${table.trackArtist})`, sql`lower(${trackArtist})`),
  );
}

export type FavoriteInput = {
  trackTitle: string;
  trackArtist: string;
  trackAlbum: string | null;
  trackArtwork: string | null;
};

/** Adds the track unless the owner has it already (idempotent through the unique index). */
export async function addFavorite(
  db: Db,
  owner: Owner,
  input: FavoriteInput,
  now: number,
): Promise<{ favorite: Favorite; created: boolean }> {
  const inserted = await db
    .insert(favorites)
    .values({ id: crypto.randomUUID(), ...owner, ...input, createdAt: new Date(now) })
    .onConflictDoNothing()
    .returning();
  const created = inserted[0];
  if (created) return { favorite: toFavorite(created), created: true };
  const existing = await db
    .select()
    .from(favorites)
    .where(sameTrack(favorites, owner.sessionId, input.trackTitle, input.trackArtist))
    .get();
  if (!existing) throw new Error("favorite neither inserted nor found");
  return { favorite: toFavorite(existing), created: false };
}

/** Newest first. */
export async function listFavorites(db: Db, sessionId: string): Promise<Favorite[]> {
  const rows = await db
    .select()
    .from(favorites)
    .where(eq(favorites.sessionId, sessionId))
    .orderBy(...newestFirst);
  return rows.map(toFavorite);
}

export async function listUserFavorites(db: Db, userId: string): Promise<Favorite[]> {
  const rows = await db
    .select()
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(...newestFirst);
  return rows.map(toFavorite);
}

export async function isFavorited(
  db: Db,
  sessionId: string,
  trackTitle: string,
  trackArtist: string,
): Promise<boolean> {
  const row = await db
    .select({ id: favorites.id })
    .from(favorites)
    .where(sameTrack(favorites, sessionId, trackTitle, trackArtist))
    .get();
  return row !== undefined;
}

/** Returns whether a favorite was removed. */
export async function removeFavorite(
  db: Db,
  sessionId: string,
  trackTitle: string,
  trackArtist: string,
): Promise<boolean> {
  const removed = await db
    .delete(favorites)
    .where(sameTrack(favorites, sessionId, trackTitle, trackArtist))
    .returning({ id: favorites.id });
  return removed.length > 0;
}

/**
 * Moves an anonymous session's favorites to the user in one transaction (a D1 batch): a
 * track the user has already keeps the user's favorite and the session's copy is dropped.
 * Running it again finds nothing left to move. Returns how many favorites moved.
 */
export async function migrateFavorites(db: Db, fromSessionId: string, userId: string): Promise<number> {
  const usersCopy = alias(favorites, "users_copy");
  const [moved] = await db.batch([
    // Skips the tracks the user already has (as the unique index compares them), leaving them behind...
    db
      .update(favorites)
      .set({ sessionId: userId, userId })
      .where(
        and(
          eq(favorites.sessionId, fromSessionId),
          notExists(
            db
              .select({ id: usersCopy.id })
              .from(usersCopy)
              .where(sameTrack(usersCopy, userId, favorites.trackTitle, favorites.trackArtist)),
          ),
        ),
      ),
    // ...and the duplicates left behind are dropped.
    db.delete(favorites).where(eq(favorites.sessionId, fromSessionId)),
  ]);
  return moved.meta.changes;
}
