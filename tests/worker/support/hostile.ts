// Hostile requests for tests/worker/hostile-input.property.test.ts: the worker's routes as the app
// lists them, and generated methods, paths, queries, headers and bodies (./hostile-bodies).
import fc from "fast-check";
import { adminUserId } from "#schema/api.ts";
import { app } from "#worker/app.ts";
import {
  anonymousId,
  bodyFor,
  boundary,
  hostileString,
  type Known,
  type Route,
  sometimes,
  uuid,
} from "./hostile-bodies";
import type { Role } from "./session";

export type { Known, Route };

/** Every route the worker answers itself (the static assets aside), once per method and path. */
export function workerRoutes(): Route[] {
  const routes = new Map<string, Route>();
  for (const { method, path } of app.routes) {
    if (/^\/(api|images)(\/|$)/.test(path)) routes.set(`${method} ${path}`, { method, path });
  }
  return [...routes.values()];
}

export type HostileRequest = {
  role: Role;
  method: string;
  /** The path and query as sent; the URL parser still normalizes it (`..`, unicode). */
  target: string;
  /** `CF-Connecting-IP: fresh` is replaced by an address of its own when sent. */
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  /** Sent as Content-Length: a number is added to the body's real length, a string goes as it is. */
  lengthLie: number | string | undefined;
};

/**
 * `guarded`: from the site itself with the route's own content type, so the CSRF and content-type
 * guards let the body through to the handler; `anything`: any origin, type, cookie and length.
 */
export type Mode = "guarded" | "anything";

const bodyless = new Set(["GET", "HEAD"]);
const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "patch"];

/**
 * A header value of visible ASCII: workerd sends other characters as UTF-8 with a warning on
 * every request, which would bury the report (the fixed cookie "lr_session=é" covers them).
 */
const headerText = (maxLength: number) =>
  fc.string({ unit: "binary-ascii", maxLength }).map((s) => s.replace(/[^\x20-\x7e]/g, "~"));

const hostileSegment = fc.oneof(
  fc.constantFrom(
    ...["..", ".", "%2e%2e", "%2E%2E%2F%2E%2E", "..%2f..%2fetc%2fpasswd", "%00", "a%00b", "%ff", "%c0%ae"],
    ...["%2f", "%5c", "%25", "%", "%zz", "__proto__", "constructor", "%F0%9F%98%80", "😀", "ü", "\u202e"],
    ...[" ", "%20", ";", ":", "@", "~", "a b", "session-1-x", ""],
  ),
  fc.string({ unit: "grapheme", maxLength: 20 }).map(encodeURIComponent),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.integer({ min: 200, max: 8000 }).map((n) => "a".repeat(n)),
);

/** A path parameter: a real id of the right kind, or a hostile segment. */
function paramFor(name: string, known: Known): fc.Arbitrary<string> {
  const real: Record<string, fc.Arbitrary<string>> = {
    id: fc.oneof(fc.constantFrom(...known.pageIds, ...known.sessionIds, ...known.userIds, adminUserId), uuid),
    sessionId: fc.oneof(anonymousId, fc.constantFrom(...known.sessionIds)),
    slug: fc.constantFrom(...known.slugs),
    key: fc.constantFrom(...known.imageKeys, `${known.imageKeys[0]}/..`),
  };
  const valid = real[name];
  if (!valid) return hostileSegment;
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: hostileSegment });
}

/** The route's path with every `:param` and `*` filled in. */
function pathFor(route: Route, known: Known): fc.Arbitrary<string> {
  const segments = route.path.split("/").map((segment): fc.Arbitrary<string> => {
    if (segment === "*") {
      const word = fc.constantFrom("pages", "favorites", "auth", "verify", "images", "api");
      return fc.array(fc.oneof(word, hostileSegment), { maxLength: 3 }).map((s) => s.join("/"));
    }
    const param = /^:(\w+)/.exec(segment);
    return param?.[1] ? paramFor(param[1], known) : fc.constant(segment);
  });
  return fc.tuple(...segments).map((parts) => parts.join("/"));
}

/** Repeated keys, `__proto__`, broken escapes and values up to 20 KB. */
function queryFor(known: Known): fc.Arbitrary<string> {
  const key = fc.oneof(
    fc.constantFrom(
      ...["trackTitle", "trackArtist", "token", "__proto__", "constructor", "__proto__[x]", "a[]"],
    ),
    fc.string({ maxLength: 10 }),
  );
  const value = fc.oneof(
    fc.constantFrom("Velvet Harbour", "", "%ff", "%zz", "+", "%00", ...known.loginTokens),
    hostileString,
    fc.integer({ min: 1000, max: 20_000 }).map((n) => "q".repeat(n)),
  );
  const pairs = fc.array(fc.tuple(key, value), { maxLength: 6 });
  return fc.oneof(
    fc.constantFrom("", "?", "?&&=&"),
    pairs.map((p) => `?${p.map(([k, v]) => `${k}=${v}`).join("&")}`),
  );
}

/** The content types the route takes, with the variations a client may send. */
function ownTypes(route: Route): string[] {
  if (route.path === "/api/upload") {
    return [`multipart/form-data; boundary=${boundary}`, `Multipart/Form-Data;boundary="${boundary}"`];
  }
  if (route.path === "/api/auth/verify") {
    return ["application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=utf-8"];
  }
  return ["application/json", "application/json; charset=utf-8", "APPLICATION/JSON ;charset=utf-16"];
}

const otherTypes = [
  ...["multipart/form-data", "multipart/form-data; boundary=", `multipart/mixed; boundary=${boundary}`],
  ...["application/x-www-form-urlencoded", "text/plain", "application/vnd.api+json", "application/jsonx", ""],
];

const cookie = fc.oneof(
  fc.constantFrom(...["lr_session=", "lr_session=%ff", "lr_session=a; lr_session=b", "__Host-lr_session=x"]),
  fc.constantFrom("=;=;", "lr_session=\u00e9"),
  headerText(200),
  fc.integer({ min: 1000, max: 8000 }).map((n) => `lr_session=${"c".repeat(n)}`),
);

/** Mostly a fresh address (no shared rate limit); else what clientKey must survive. */
const clientIp = fc.oneof(
  { weight: 4, arbitrary: fc.constant("fresh") },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom(
        ...["", "::", "::ffff:1.2.3.4", "2001:db8::1", "[::1]", "fe80::1%eth0", "1.2.3.4, 5.6.7.8"],
      ),
      fc.constantFrom("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", ":::::", "g::1", "999.1.1.1"),
      headerText(60),
    ),
  },
);

function headersFor(route: Route, mode: Mode) {
  const guarded = mode === "guarded";
  // No Origin and no Sec-Fetch-Site is not a browser: the guard lets it through too.
  const ownOrigin = fc.constantFrom("http://localhost", "http://localhost:8787", undefined);
  const foreignOrigin = fc.constantFrom(
    ...["null", "https://evil.example", "http://localhost.evil.example", "http://localhost:80"],
  );
  const fetchSite = fc.constantFrom("cross-site", "same-site", "none", "same-origin");
  const ifNoneMatch = fc.oneof(
    fc.constantFrom("*", '"abc"', 'W/"x"', '"', "", "abc", 'W/"a" "b"'),
    headerText(80),
  );
  return fc.record({
    Origin: guarded ? ownOrigin : fc.oneof(ownOrigin, foreignOrigin, headerText(40)),
    "Sec-Fetch-Site": sometimes(guarded ? fc.constant("same-origin") : fc.oneof(fetchSite, headerText(20))),
    "Content-Type": guarded
      ? fc.constantFrom(...ownTypes(route))
      : fc.oneof(fc.constantFrom(...ownTypes(route), ...otherTypes, undefined), headerText(80)),
    Cookie: sometimes(cookie),
    "CF-Connecting-IP": clientIp,
    "X-Forwarded-For": sometimes(headerText(60)),
    "If-None-Match": sometimes(ifNoneMatch, 1, 1),
    Upgrade: sometimes(fc.constantFrom("websocket", "WebSocket", "h2c"), 1, 8),
    Accept: sometimes(headerText(80)),
    "X-Hostile": sometimes(headerText(2000)),
  });
}

/** Lies about the body's length, a little off or not a number at all. */
const lengthLie = fc.oneof(
  fc.integer({ min: -16, max: 16 }),
  fc.constantFrom("0", "-1", "abc", "1e3", " 7 ", "0x10", "99999999999999999999", ""),
);

/** A request to `route`: mostly its own method, as the admin, a listener or a stranger. */
export function hostileRequest(route: Route, known: Known, mode: Mode): fc.Arbitrary<HostileRequest> {
  const method =
    route.method === "ALL"
      ? fc.constantFrom(...methods)
      : fc.oneof(
          { weight: 5, arbitrary: fc.constant(route.method) },
          { weight: 1, arbitrary: fc.constantFrom(...methods) },
        );
  return fc
    .record({
      role: fc.constantFrom<Role>("admin", "admin", "user", "anonymous"),
      method,
      target: fc.tuple(pathFor(route, known), queryFor(known)).map(([path, query]) => path + query),
      headers: headersFor(route, mode),
      body: bodyFor(route, known),
      lengthLie: mode === "guarded" ? fc.constant(undefined) : sometimes(lengthLie, 1, 2),
    })
    .map(({ headers, ...r }) => ({
      ...r,
      headers: Object.fromEntries(
        Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      body: bodyless.has(r.method) ? undefined : r.body,
    }));
}
