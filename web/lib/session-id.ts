// Browser session ids of the form session-{timestamp}-{random} (docs/product.md §9): the anonymous
// favorites owner (local storage, created once) and the sleep-timer session (session storage).
// Browser-only: call from effects and handlers, never during render.
import { anonymousSessionIdPattern } from "#schema/rules.ts";

const sleepTimerSessionStorageKey = "sleep-timer-session";
export const anonymousSessionStorageKey = "radio-session-id";

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** 22 characters of 62 symbols: about 131 random bits (the server wants at least 96). */
const randomLength = 22;

function randomPart(): string {
  let out = "";
  while (out.length < randomLength) {
    for (const byte of crypto.getRandomValues(new Uint8Array(randomLength * 2))) {
      // Rejection sampling keeps every symbol equally likely (248 = 4 * 62).
      if (byte < 248 && out.length < randomLength) out += alphabet[byte % 62];
    }
  }
  return out;
}

export function createSessionId(): string {
  return `session-${Date.now()}-${randomPart()}`;
}

export function isSessionId(value: string | null): value is string {
  return value !== null && anonymousSessionIdPattern.test(value);
}

/**
 * The id stored under `key`; null without one, or where storage cannot be read (as
 * web/lib/storage.ts's readStored, which reads local storage only: this also reads the tab's).
 */
function stored(storage: () => Storage, key: string): string | null {
  let existing: string | null = null;
  try {
    existing = storage().getItem(key);
  } catch {}
  return isSessionId(existing) ? existing : null;
}

/** The id stored under `key`, or a new one stored there; throws where storage cannot be used. */
function storedOrCreated(storage: () => Storage, key: string): string {
  const existing = stored(storage, key);
  if (existing !== null) return existing;
  const id = createSessionId();
  storage().setItem(key, id);
  return id;
}

const local = () => localStorage;
const session = () => sessionStorage;

/** The anonymous favorites session id, created once in local storage. */
export function getAnonymousSessionId(): string {
  return storedOrCreated(local, anonymousSessionStorageKey);
}

/** The anonymous session id if this browser has one, without creating it. */
export function peekAnonymousSessionId(): string | null {
  return stored(local, anonymousSessionStorageKey);
}

/** The tab's sleep-timer session id if it has one, without creating it. */
export function peekSleepTimerSessionId(): string | null {
  return stored(session, sleepTimerSessionStorageKey);
}

/** The sleep-timer session id, kept in session storage. */
export function getSleepTimerSessionId(): string {
  return storedOrCreated(session, sleepTimerSessionStorageKey);
}
