// Secrets that travel in URLs: a login link's token (it logs its holder in) and an anonymous
// listener's session id (it owns their favorites and sleep timer). Whatever the worker logs
// passes through here, so a log reader learns the route but neither secret.

/** `token=` as a query or fragment parameter, also percent-encoded inside another URL. */
const tokenParam = /(^|[?&#]|%3F|%26|%23)(token(?:=|%3D))[^&#\s"'<>]+/gi;
/** Any `session-{digits}-{letters}`, wherever it sits: a path segment, a query or a message. */
const sessionId = /session-\d+-[A-Za-z0-9]+/g;

/** The text (a URL, a path or a message holding them) with login tokens and session ids masked. */
export function redactSecrets(text: string): string {
  return text.replace(tokenParam, "$1$2[redacted]").replace(sessionId, "session-[redacted]");
}
