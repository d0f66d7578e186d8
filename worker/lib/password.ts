// The admin's password hash: PBKDF2-SHA-256 over an HMAC of the password keyed by a secret
// pepper, so a leaked hash alone cannot be brute-forced. WebCrypto only and no imports, so
// the Node script dev/admin-hash.ts runs this same file.
//
// Format: pbkdf2-sha256:<iterations>:<salt base64url>:<hash base64url>. Colons, not the
// usual "$", because wrangler expands "$NAME" in the env file that holds the local hash.

export const passwordIterations = 100_000;
/** The shortest admin password `npm run admin:hash` accepts. */
export const adminPasswordMinLength = 12;

/** Why a new admin password is refused, or null when it is acceptable. */
export function adminPasswordProblem(password: string): string | null {
  if (password.length === 0) return "The password is empty.";
  if ([...password].length < adminPasswordMinLength)
    return `The password is too short: use at least ${adminPasswordMinLength} characters.`;
  return null;
}
/** Workers refuse PBKDF2 above 100,000 iterations; below 10,000 is too weak to accept. */
const minIterations = 10_000;
const maxIterations = 100_000;
const saltBytes = 16;
const hashBits = 256;

const hashPattern = /^pbkdf2-sha256:(\d{1,7}):([A-Za-z0-9_-]{16,}):([A-Za-z0-9_-]{43})$/;

export type ParsedPasswordHash = { iterations: number; salt: Uint8Array; hash: Uint8Array };

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

/** The parts of a stored hash, or null when the string is not one this module wrote. */
export function parsePasswordHash(stored: string): ParsedPasswordHash | null {
  const match = hashPattern.exec(stored.trim());
  if (!match) return null;
  const iterations = Number(match[1]);
  if (iterations < minIterations || iterations > maxIterations) return null;
  try {
    return { iterations, salt: fromBase64Url(match[2] ?? ""), hash: fromBase64Url(match[3] ?? "") };
  } catch {
    return null;
  }
}

async function derive(password: string, pepper: string, salt: Uint8Array, iterations: number) {
  const encoder = new TextEncoder();
  const pepperKey = await crypto.subtle.importKey(
    "raw",
    encoder.encode(pepper),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const peppered = await crypto.subtle.sign("HMAC", pepperKey, encoder.encode(password));
  const baseKey = await crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as Uint8Array<ArrayBuffer>, iterations },
    baseKey,
    hashBits,
  );
  return new Uint8Array(bits);
}

/** Compares without an early exit, so the time taken says nothing about where bytes differ. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export async function hashPassword(
  password: string,
  pepper: string,
  iterations = passwordIterations,
): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(saltBytes));
  const hash = await derive(password, pepper, salt, iterations);
  return `pbkdf2-sha256:${iterations}:${toBase64Url(salt)}:${toBase64Url(hash)}`;
}

/** True when `password` with `pepper` matches `stored`; false for a malformed hash too. */
export async function verifyPassword(password: string, pepper: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const candidate = await derive(password, pepper, parsed.salt, parsed.iterations);
  return constantTimeEqual(candidate, parsed.hash);
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/**
 * The admin login check. Both the username (by digest, so its length does not leak) and the
 * password are always checked, so the time taken does not tell which one was wrong.
 */
export async function verifyAdminCredentials(
  input: { username: string; password: string },
  configured: { username: string; passwordHash: string; pepper: string },
): Promise<boolean> {
  const [given, expected, passwordOk] = await Promise.all([
    digest(input.username),
    digest(configured.username),
    verifyPassword(input.password, configured.pepper, configured.passwordHash),
  ]);
  return constantTimeEqual(given, expected) && passwordOk;
}
