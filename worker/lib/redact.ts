// Secrets that travel in URLs: a login link's token (it logs its holder in) and an anonymous
// listener's session id (it owns their favorites and sleep timer). Whatever the worker logs
// passes through here, so a log reader learns the route but neither secret. An error's message
// or stack can also quote a listener's e-mail address: redactForLog masks that as well.

/** `token=` as a query or fragment parameter, also percent-encoded inside another URL. */
const tokenParam = /(^|[?&#]|%3F|%26|%23)(token(?:=|%3D))[^&#\s"'<>]+/gi;
/** Any `session-{digits}-{letters}`, wherever it sits: a path segment, a query or a message. */
const sessionId = /session-\d+-[A-Za-z0-9]+/g;
/**
 * `local@domain.tld`, also with the `@` percent-encoded. The domain must end in letters, so a
 * stack frame's `package@1.2.3` is no address; `@scope/name` has no local part and is none either.
 */
const emailAddress = /[A-Za-z0-9._%+-]+(@|%40)((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})\b/gi;

/** The text (a URL, a path or a message holding them) with login tokens and session ids masked. */
export function redactSecrets(text: string): string {
  return text.replace(tokenParam, "$1$2[redacted]").replace(sessionId, "session-[redacted]");
}

/** The text with every e-mail address's local part masked: `•••@example.com`. */
export function redactEmails(text: string): string {
  return text.replace(emailAddress, "•••$1$2");
}

/** What may go into a log line: no login token, no session id, no e-mail address. */
export function redactForLog(text: string): string {
  return redactEmails(redactSecrets(text));
}
