// A stream URL made unique per connection, so no cache or proxy answers a reconnect with what it
// kept of the last one, and the plain URL back from it.
export function withCacheBuster(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}reconnect=${Date.now()}`;
}

export function withoutCacheBuster(url: string): string {
  return url.replace(/[?&]reconnect=\d+$/, "");
}
