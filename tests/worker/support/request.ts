// Calls into the worker as a test makes them: through its real entry point, or through the
// Hono app with some bindings replaced when the test changes the configuration.
import { env, exports } from "cloudflare:workers";
import { app } from "#worker/app.ts";
import { uniqueIp } from "./unique";

export type Bindings = Record<string, unknown>;

/** `path` on http://localhost, or a full URL for another host; with `bindings`, through the app with those. */
export function request(path: string, init: RequestInit = {}, bindings?: Bindings): Promise<Response> {
  const url = path.startsWith("http") ? path : `http://localhost${path}`;
  if (bindings) return Promise.resolve(app.request(url, init, { ...env, ...bindings }));
  return exports.default.fetch(new Request(url, init));
}

/** A JSON call without a browser's headers; a string body goes as it is (malformed JSON), undefined as none. */
export function sendJson(
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  if (body === undefined) return request(path, { method, headers });
  return request(path, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** What the SPA posts: same-origin JSON from its client address, a fresh one unless `ip` is given. */
export function postJson(
  path: string,
  body: unknown,
  options: { ip?: string; cookie?: string; origin?: string; bindings?: Bindings } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Origin: options.origin ?? "http://localhost",
    "CF-Connecting-IP": options.ip ?? uniqueIp(),
  };
  if (options.cookie) headers.Cookie = options.cookie;
  return request(path, { method: "POST", headers, body: JSON.stringify(body) }, options.bindings);
}
