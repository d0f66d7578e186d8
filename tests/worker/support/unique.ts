// Fresh identities for each test, so that no two tests share a rate-limit counter, an account
// or an anonymous session's rows.

export function uniqueEmail(label = "listener"): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** A random private address: each test is its own rate-limit client. */
export function uniqueIp(): string {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint8Array(2));
  return `10.${a}.${b}.${Math.floor(Math.random() * 250) + 1}`;
}

/** An anonymous session id as the SPA makes them: session-{timestamp}-{random}. */
export const anonymousId = () => `session-${Date.now()}-${crypto.randomUUID().replaceAll("-", "")}`;
