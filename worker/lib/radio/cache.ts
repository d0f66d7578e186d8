// Radio metadata read through the Workers Cache API: per key the upstream is asked at most
// once per 10 s however many listeners poll, and concurrent misses within one isolate share
// one in-flight promise. A copy in isolate memory covers deployments where the Cache API is
// a no-op (*.workers.dev). ADR 006.

export const radioCacheTtlSeconds = 10;

type Remembered = { value: unknown; expiresAt: number };
const remembered = new Map<string, Remembered>();
const inFlight = new Map<string, Promise<unknown>>();

function remember(key: string, value: unknown, storedAt: number): void {
  const now = Date.now();
  for (const [k, entry] of remembered) if (entry.expiresAt <= now) remembered.delete(k);
  remembered.set(key, { value, expiresAt: storedAt + radioCacheTtlSeconds * 1000 });
}

async function matchCache(key: string): Promise<unknown> {
  try {
    const hit = await caches.default.match(key);
    if (!hit) return undefined;
    const storedAt = Number(hit.headers.get("X-Stored-At"));
    const value: unknown = await hit.json();
    remember(key, value, Number.isFinite(storedAt) ? storedAt : Date.now());
    return value;
  } catch (err) {
    console.warn(`radio cache read of ${key} failed`, err);
    return undefined;
  }
}

async function lookupOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = await matchCache(key);
  if (hit !== undefined) return hit as T;
  const value = await load();
  const storedAt = Date.now();
  remember(key, value, storedAt);
  const response = new Response(JSON.stringify(value), {
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": `public, max-age=${radioCacheTtlSeconds}`,
      "X-Stored-At": String(storedAt),
    },
  });
  try {
    await caches.default.put(key, response);
  } catch (err) {
    console.warn(`radio cache write of ${key} failed`, err);
  }
  return value;
}

/**
 * The value cached under `key` (an absolute URL) if younger than 10 s, else `load()`'s, which
 * is then cached. `load` should not throw: it decides the fallback itself.
 */
export function readThrough<T>(key: string, load: () => Promise<T>): Promise<T> {
  const fresh = remembered.get(key);
  if (fresh && fresh.expiresAt > Date.now()) return Promise.resolve(fresh.value as T);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = lookupOrLoad(key, load).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending as Promise<T>;
}
