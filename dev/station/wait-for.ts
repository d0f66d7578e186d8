// Polls until a check passes: the station waits on Icecast's status page, not on fixed sleeps.

/**
 * How long the station's start waits for Icecast, a mount or a title: a bound, not a delay (each
 * wait ends at the first check that passes). On a CI machine starting two stations, workerd and
 * Chromium at once, 10 s was not always enough.
 */
export const startupTimeoutMs = 30_000;

/** `failed`: asked at each poll; a reason given ends the wait at once (the process it waits on died). */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  failed: () => string | undefined = () => undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    const reason = failed();
    if (reason) throw new Error(`${what} will not come: ${reason}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}
