// The web tests' network: fetch answers from a table of routes and records every call.
import { vi } from "vitest";
import { aTrack } from "./factories";

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** One call the app made; `path` keeps the query string. */
export type ApiCall = { method: string; path: string; body: unknown };
type Handler = (call: ApiCall) => unknown;

/** What the shell asks on every screen, answered unless a test's routes say otherwise. */
const shellRoutes: Record<string, unknown> = {
  "GET /api/radio/now-playing": aTrack(),
  "GET /api/radio/next-track": null,
  "GET /api/auth/me": null,
};

/**
 * Stubs fetch. `routes` maps "METHOD /path" (the query is ignored) to a JSON body, a Response,
 * or a handler returning either. Any other call answers 404, so a test notices calls it did
 * not expect. The setup file installs one with no routes before each test.
 */
export function mockApi(routes: Record<string, unknown> = {}) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const body = typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? undefined);
    const call = { method, path: `${url.pathname}${url.search}`, body };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const route = key in routes ? routes[key] : shellRoutes[key];
    if (route === undefined) return json({ error: "not_found", message: `No route ${key}` }, 404);
    const answer = typeof route === "function" ? await (route as Handler)(call) : route;
    return answer instanceof Response ? answer.clone() : json(answer);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path.split("?")[0] === path),
  };
}
