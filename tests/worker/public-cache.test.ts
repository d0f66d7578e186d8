// The isolate's cache of public answers (worker/lib/public-cache.ts): anonymous visitors share
// one answer for PUBLIC_CACHE_SECONDS; a logged-in browser, another method, an error or a cookie
// is never served from it; the per-request headers stay per request.
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { beforeEach, describe, expect, it } from "vitest";
import type { AppEnv } from "#worker/env.ts";
import { publicCache } from "#worker/lib/public-cache.ts";
import { createPageAsAdmin } from "./support/pages";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { newSession } from "./support/session";
import { insertPlays } from "./support/track-history";

const cached = { PUBLIC_CACHE_SECONDS: "5" };
/** A URL of the test's own: the app's one cache outlives a test. */
const historyUrl = () => `/api/track-history?case=${crypto.randomUUID()}`;
const titles = async (res: Response) => ((await res.json()) as { title: string }[]).map((t) => t.title);

beforeEach(() => clearTables("track_history"));

describe("public answers kept in the isolate", () => {
  it("answer anonymous visitors the same history for a few seconds, with headers of their own", async () => {
    const url = historyUrl();
    await insertPlays([{ title: "First", at: Date.parse("2026-11-20T10:00:00Z") }]);
    const first = await request(url, {}, cached);
    expect(await titles(first)).toEqual(["First"]);

    await insertPlays([{ title: "Second", at: Date.parse("2026-11-20T10:05:00Z") }]);
    const again = await request(url, {}, cached);
    expect(await titles(again)).toEqual(["First"]);
    expect(again.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
    expect(again.headers.get("X-Request-Id")).toBeTruthy();
    expect(again.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));
    expect(again.headers.get("Cache-Control")).toBe(first.headers.get("Cache-Control"));

    // Turned off, the same URL reads the database.
    expect(await titles(await request(url, {}, { PUBLIC_CACHE_SECONDS: "0" }))).toEqual(["Second", "First"]);
  });

  it("read fresh once the time is up", async () => {
    const url = historyUrl();
    const briefly = { PUBLIC_CACHE_SECONDS: "0.05" };
    await insertPlays([{ title: "First", at: Date.parse("2026-11-20T10:00:00Z") }]);
    expect(await titles(await request(url, {}, briefly))).toEqual(["First"]);
    await insertPlays([{ title: "Second", at: Date.parse("2026-11-20T10:05:00Z") }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(await titles(await request(url, {}, briefly))).toEqual(["Second", "First"]);
  });

  it("are never served to a logged-in browser (the admin reads a page right after editing it)", async () => {
    const url = historyUrl();
    await insertPlays([{ title: "First", at: Date.parse("2026-11-20T10:00:00Z") }]);
    await request(url, {}, cached);
    await insertPlays([{ title: "Second", at: Date.parse("2026-11-20T10:05:00Z") }]);
    const { cookie } = await newSession("admin");
    const res = await request(url, { headers: { Cookie: cookie } }, cached);
    expect(await titles(res)).toEqual(["Second", "First"]);
  });

  it("keep no error: a page published after a 404 is found at once", async () => {
    const slug = `later-${crypto.randomUUID().slice(0, 8)}`;
    expect((await request(`/api/pages/by-slug/${slug}`, {}, cached)).status).toBe(404);
    await createPageAsAdmin({ slug });
    expect((await request(`/api/pages/by-slug/${slug}`, {}, cached)).status).toBe(200);
  });
});

describe("the cache itself", () => {
  /** An app whose one route counts how often it ran; `cookie` makes it set one. */
  function countingApp(maxEntries: number) {
    let runs = 0;
    const app = new Hono<AppEnv>()
      .use(publicCache({ maxEntries }))
      .get("/thing", (c) => {
        runs++;
        if (c.req.query("cookie")) c.header("Set-Cookie", "a=b");
        return c.json({ runs });
      })
      .post("/thing", (c) => c.json({ runs: ++runs }));
    const bindings = { ...env, PUBLIC_CACHE_SECONDS: "5" } as unknown as Env;
    const call = async (path: string, init?: RequestInit) =>
      ((await (await app.request(path, init, bindings)).json()) as { runs: number }).runs;
    return { call, runs: () => runs };
  }

  it("holds at most maxEntries answers, dropping the oldest", async () => {
    const { call, runs } = countingApp(2);
    await call("/thing?a");
    await call("/thing?b");
    await call("/thing?a");
    expect(runs()).toBe(2);
    await call("/thing?c");
    await call("/thing?b"); // still held
    expect(runs()).toBe(3);
    await call("/thing?a"); // dropped for c
    expect(runs()).toBe(4);
  });

  it("keeps no answer that sets a cookie, and no other method's", async () => {
    const { call, runs } = countingApp(10);
    await call("/thing?cookie=1");
    await call("/thing?cookie=1");
    expect(runs()).toBe(2);
    await call("/thing", { method: "POST" });
    await call("/thing", { method: "POST" });
    expect(runs()).toBe(4);
  });
});
