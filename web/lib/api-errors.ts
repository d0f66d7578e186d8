// What to tell the listener when a call failed (web/lib/api.ts makes a non-2xx an
// Error("<status>: <text>")). Apart from the client itself: only screens and parts that load
// later use it, so it stays out of the first load (dev/size-budget.ts).

/** The server's message out of an `Error("<status>: <text>")`, whose text is `{ error, message }`. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const text = error.message.replace(/^\d{3}: /, "");
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === "string" && body.message ? body.message : undefined;
  } catch {
    return /^\d{3}: /.test(error.message) && text ? text : undefined;
  }
}

/**
 * What to tell the listener when a call failed: for a refusal they can act on (a 4xx: too many
 * changes, the most favorites kept; a 503: the site is busy, try again in N minutes) the server's
 * message, for anything else `fallback`.
 */
export function failureText(error: unknown, fallback: string): string {
  const refused = error instanceof Error && /^(4\d\d|503): /.test(error.message);
  return (refused && serverMessage(error)) || fallback;
}
