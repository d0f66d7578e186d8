// Favorites by owner: an anonymous session id (a bearer secret) or a logged-in user's id.
// An anonymous owner's use is recorded in anonymous_owners, so the cron can delete favorites
// nobody has used for ANONYMOUS_FAVORITES_RETENTION_DAYS.
import { and, type Column, desc, eq, inArray, lt, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { anonymousSessionId, type CurrentUser, type Favorite } from "#schema/api.ts";
import { anonymousOwners, favorites, users } from "#schema/db.ts";
import { favoritesPerOwnerLimit } from "#schema/rules.ts";
import { type Db, keptRowCount } from "./db";

const dayMs = 24 * 60 * 60 * 1000;
/**
 * Owners whose favorites one cron run deletes: with at most favoritesPerOwnerLimit each, a run
 * deletes at most 50,000 rows; at one run a minute that is 144,000 owners a day.
 */
const prunedOwnersPerRun = 100;

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

/** An anonymous owner used its favorites now: on every add and remove. */
function touchOwner(db: Db, sessionId: string, now: number) {
  return db
    .insert(anonymousOwners)
    .values({ sessionId, touchedAt: new Date(now) })
    .onConflictDoUpdate({ target: anonymousOwners.sessionId, set: { touchedAt: new Date(now) } });
}

/**
 * Touches an owner that already has a row (an unknown id records nothing), when it was last
 * touched over `minAgeMs` ago: reads pass a day, so a read usually writes nothing.
 */
function touchKnownOwner(db: Db, sessionId: string, now: number, minAgeMs: number) {
  return db
    .update(anonymousOwners)
    .set({ touchedAt: new Date(now) })
    .where(
      and(eq(anonymousOwners.sessionId, sessionId), lt(anonymousOwners.touchedAt, new Date(now - minAgeMs))),
    );
}

function countFavorites(db: Db, sessionId: string): Promise<number> {
  return db.$count(favorites, eq(favorites.sessionId, sessionId));
}

export type AddedFavorite = { favorite: Favorite; created: boolean };

/**
 * Adds the track unless the owner has it already (idempotent through the unique index), or
 * answers "full" when the owner already has favoritesPerOwnerLimit favorites. A track the owner
 * has is answered at the limit too.
 */
export async function addFavorite(
  db: Db,
  owner: Owner,
  input: FavoriteInput,
  now: number,
  retry = true,
): Promise<AddedFavorite | "full"> {
  // INSERT ... SELECT ... WHERE: drizzle's values() cannot make an insert conditional, and the
  // count in the same statement keeps concurrent adds from passing the limit. The columns are
  // favorites' in table order.
  const insert = db
    .insert(favorites)
    .select(
      sql`select ${crypto.randomUUID()}, ${owner.sessionId}, ${owner.userId}, ${input.trackTitle}, ${input.trackArtist}, ${input.trackAlbum}, ${input.trackArtwork}, ${now}
        where (select count(*) from ${favorites} where ${favorites.sessionId} = ${owner.sessionId}) < ${favoritesPerOwnerLimit}`,
    )
    .onConflictDoNothing()
    .returning();
  const [inserted] =
    owner.userId === null ? await db.batch([insert, touchOwner(db, owner.sessionId, now)]) : [await insert];
  const created = inserted[0];
  if (created) return { favorite: toFavorite(created), created: true };
  const existing = await db
    .select()
    .from(favorites)
    .where(sameTrack(favorites, owner.sessionId, input.trackTitle, input.trackArtist))
    .get();
  if (existing) return { favorite: toFavorite(existing), created: false };
  if ((await countFavorites(db, owner.sessionId)) >= favoritesPerOwnerLimit) return "full";
  // The copy that blocked the insert was removed meanwhile (a concurrent remove): add it again.
  if (retry) return addFavorite(db, owner, input, now, false);
  throw new Error("favorite neither inserted nor found");
}

/** Newest first. */
export async function listFavorites(db: Db, owner: Owner, now: number): Promise<Favorite[]> {
  const list = db
    .select()
    .from(favorites)
    .where(eq(favorites.sessionId, owner.sessionId))
    .orderBy(...newestFirst);
  const [rows] =
    owner.userId === null
      ? await db.batch([list, touchKnownOwner(db, owner.sessionId, now, dayMs)])
      : [await list];
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
  owner: Owner,
  track: { trackTitle: string; trackArtist: string },
  now: number,
): Promise<boolean> {
  const find = db
    .select({ id: favorites.id })
    .from(favorites)
    .where(sameTrack(favorites, owner.sessionId, track.trackTitle, track.trackArtist))
    .limit(1);
  const [rows] =
    owner.userId === null
      ? await db.batch([find, touchKnownOwner(db, owner.sessionId, now, dayMs)])
      : [await find];
  return rows.length > 0;
}

/** Returns whether a favorite was removed. */
export async function removeFavorite(
  db: Db,
  owner: Owner,
  track: { trackTitle: string; trackArtist: string },
  now: number,
): Promise<boolean> {
  const remove = db
    .delete(favorites)
    .where(sameTrack(favorites, owner.sessionId, track.trackTitle, track.trackArtist))
    .returning({ id: favorites.id });
  // An owner without a row has no favorites to remove: the touch updates, never inserts.
  const touch = touchKnownOwner(db, owner.sessionId, now, 0);
  const [removed] = owner.userId === null ? await db.batch([remove, touch]) : [await remove];
  return removed.length > 0;
}

/**
 * Moves an anonymous session's favorites to the user in one transaction (a D1 batch): a
 * track the user has already keeps the user's favorite and the session's copy is dropped, and
 * so is the session's owner row. Running it again finds nothing left to move. Returns how many
 * favorites moved. The move may take the user past favoritesPerOwnerLimit (nobody loses a
 * favorite by logging in); adding is then refused until they are under it again.
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
      )
      // Counted from the rows: D1's meta.changes also counts what triggers do (migration 0009).
      .returning({ id: favorites.id }),
    // ...and the duplicates left behind are dropped.
    db.delete(favorites).where(eq(favorites.sessionId, fromSessionId)),
    db.delete(anonymousOwners).where(eq(anonymousOwners.sessionId, fromSessionId)),
  ]);
  return moved.length;
}

/**
 * Deletes the favorites of up to `maxOwners` anonymous owners untouched since `before`, the
 * longest untouched first, and their owner rows, in one transaction (a D1 batch), so an owner
 * touched meanwhile is either pruned whole or kept whole. Both deletes name their owners with
 * the same select through the touched_at index; in one transaction it picks the same owners.
 * Users' favorites have no owner row and never match. Returns how many favorites went.
 */
export async function deleteUntouchedAnonymousFavorites(
  db: Db,
  before: number,
  maxOwners = prunedOwnersPerRun,
): Promise<number> {
  const untouched = db
    .select({ sessionId: anonymousOwners.sessionId })
    .from(anonymousOwners)
    .where(lt(anonymousOwners.touchedAt, new Date(before)))
    .orderBy(anonymousOwners.touchedAt)
    .limit(maxOwners);
  const [removed] = await db.batch([
    // Users' favorites never match (their session_id is the user id); "+" keeps SQLite from
    // reading every anonymous favorite through favorites_user_idx to check that again.
    db
      .delete(favorites)
      .where(and(inArray(favorites.sessionId, untouched), sql`+${favorites.userId} is null`))
      .returning({ id: favorites.id }),
    db.delete(anonymousOwners).where(inArray(anonymousOwners.sessionId, untouched)),
  ]);
  return removed.length;
}

/**
 * The cron's cap on anonymous favorites in total (ADR 034): past `cap` rows, the owners untouched
 * longest go, as many as there are rows too many (each has one at least) and at most a run's
 * batch, never an owner touched since `spareSince`. Reads the count the triggers keep, one row;
 * returns how many favorites went.
 */
export async function pruneAnonymousFavoritesOverCap(
  db: Db,
  cap: number,
  spareSince: number,
): Promise<number> {
  const excess = (await keptRowCount(db, "anonymous_favorites")) - cap;
  return excess > 0
    ? deleteUntouchedAnonymousFavorites(db, spareSince, Math.min(prunedOwnersPerRun, excess))
    : 0;
}
