// Random tokens and hashes. Tokens travel to the client; only their SHA-256 is stored.

/** A URL-safe random token of `bytes` random bytes (base64url, no padding). */
export function randomToken(bytes: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  let binary = "";
  for (const b of buf) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** SHA-256 of a string (as UTF-8) or of bytes, in hex. */
export async function sha256Hex(input: string | BufferSource): Promise<string> {
  const data = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const digest = await crypto.subtle.digest("SHA-256", data);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
