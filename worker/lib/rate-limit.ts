// Fixed-window rate limits counted in D1 with one atomic upsert, so concurrent requests
// from many isolates count exactly.
import { lt, sql } from "drizzle-orm";
import { rateLimits } from "#schema/db.ts";
import { sha256Hex } from "./crypto";
import type { Db } from "./db";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };
/** `count`: requests counted in the window so far, this one included. */
export type CountedResult = RateLimitResult & { count: number };

export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<CountedResult> {
  const windowOver = sql`${rateLimits.windowStart} <= ${now - windowMs}`;
  const row = await db
    .insert(rateLimits)
    .values({ key, windowStart: new Date(now), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${windowOver} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .get();
  // An upsert with returning always yields its row; a missing one is a broken database.
  if (!row) throw new Error("rate limit upsert returned no row");
  const retryAfterSeconds = Math.max(1, Math.ceil((row.windowStart.getTime() + windowMs - now) / 1000));
  return { allowed: row.count <= limit, retryAfterSeconds, count: row.count };
}

export async function deleteStaleRateLimits(db: Db, now: number, olderThanMs: number): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - olderThanMs)));
}

/**
 * The networks a client address is counted as: an IPv4 address itself (IPv4-mapped IPv6 too);
 * an IPv6 address by its /64, since one subscriber gets a whole /64 and can rotate within it,
 * and by its /48 as well (`wider`), since one customer of a host may hold a /56 or a /48: 256 or
 * 65,536 /64s.
 */
export function clientNetworks(ip: string): { network: string; wider?: string } {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  const mapped = /^(?:[0:]*:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return { network: mapped[1] };
  if (!address.includes(":")) return { network: address };
  const [head = "", tail] = address.split("::", 2);
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"),
          ...tailGroups,
        ];
  const prefix = groups.slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16));
  return { network: `${prefix.join(":")}::/64`, wider: `${prefix.slice(0, 3).join(":")}::/48` };
}

/** The network a client address is counted as first (see clientNetworks). */
export function clientNetwork(ip: string): string {
  return clientNetworks(ip).network;
}

/**
 * How many clients' worth an IPv6 /48 may spend of a per-client limit: a campus, or an ISP's pool
 * handing out /56s and /64s, is many listeners in one /48; a host's customer rotating through its
 * /48 (65,536 /64s) is one. 16 keeps the first listening and the second to 16 clients, not 65,536.
 */
export const widerNetworkShare = 16;

const networkKey = async (network: string) => (await sha256Hex(`client:${network}`)).slice(0, 32);

/** Keys of the network of `ip` and, for IPv6, of its /48 too: hashes, so no raw address is stored. */
export async function networkKeys(ip: string): Promise<{ network: string; wider?: string }> {
  const { network, wider } = clientNetworks(ip);
  return { network: await networkKey(network), ...(wider ? { wider: await networkKey(wider) } : {}) };
}

/**
 * Counts a request from `ip` against its `name` limit: `limit` per `windowMs` for its network,
 * and for an IPv6 client `limit` × widerNetworkShare for its /48 too. Refused when either is over.
 */
export async function hitNetworkLimit(
  db: Db,
  ip: string,
  name: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<RateLimitResult> {
  const { network, wider } = await networkKeys(ip);
  const results = await Promise.all([
    hitRateLimit(db, `${name}:${network}`, limit, windowMs, now),
    ...(wider ? [hitRateLimit(db, `${name}:${wider}`, limit * widerNetworkShare, windowMs, now)] : []),
  ]);
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfterSeconds)) };
}

/** "Too many {what}. Please try again in N minutes.": the 429 message, from a result's Retry-After. */
export function retryMessage(what: string, retryAfterSeconds: number): string {
  return `Too many ${what}. ${tryAgainIn(retryAfterSeconds)}`;
}

/** "Please try again in N minutes.": Retry-After in whole minutes, at least one. */
export function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
