// The isolate's cache of public answers (worker/lib/public-cache.ts): anonymous visitors share
// one history or statistics answer for PUBLIC_CACHE_SECONDS; a logged-in browser, another
// method, an error, a cookie or a published page never comes from it; the per-request headers
// stay per request.
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { beforeEach, describe, expect, it } from "vitest";
import type { AppEnv } from "#worker/env.ts";
import { publicCache } from "#worker/http/public-cache.ts";
import { createPageAsAdmin, pageBody } from "./support/pages";
import { request } from "./support/request";
import { clearTables } from "./support/reset";
import { newSession, sendJsonAs } from "./support/session";
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

  it("are never served to a logged-in browser", async () => {
    const url = historyUrl();
    await insertPlays([{ title: "First", at: Date.parse("2026-11-20T10:00:00Z") }]);
    await request(url, {}, cached);
    await insertPlays([{ title: "Second", at: Date.parse("2026-11-20T10:05:00Z") }]);
    const { cookie } = await newSession("admin");
    const res = await request(url, { headers: { Cookie: cookie } }, cached);
    expect(await titles(res)).toEqual(["Second", "First"]);
  });

  it("leave the published pages out: an edited page reads back at once", async () => {
    const page = await createPageAsAdmin({ title: "Before" });
    const url = `/api/pages/by-slug/${page.slug}`;
    expect(((await (await request(url, {}, cached)).json()) as { title: string }).title).toBe("Before");
    const edited = await sendJsonAs(
      "PUT",
      `/api/pages/${page.id}`,
      { ...pageBody({ slug: page.slug }), title: "After" },
      "admin",
    );
    expect(edited.status).toBe(200);
    expect(((await (await request(url, {}, cached)).json()) as { title: string }).title).toBe("After");
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
        if (c.req.query("missing")) return c.json({ runs }, 404);
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

  it("keeps no answer that sets a cookie, no error and no other method's", async () => {
    const { call, runs } = countingApp(10);
    await call("/thing?cookie=1");
    await call("/thing?cookie=1");
    expect(runs()).toBe(2);
    await call("/thing?missing=1");
    await call("/thing?missing=1");
    expect(runs()).toBe(4);
    await call("/thing", { method: "POST" });
    await call("/thing", { method: "POST" });
    expect(runs()).toBe(6);
  });
});
