// The remote side of backup/restore, with Cloudflare's answers stubbed in the documented shapes:
// the R2 list-objects API (`{ success, errors, result: [...], result_info: { cursor } }`) and
// `wrangler d1 execute --json` (an array of `{ results, success, meta }`).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type Fetch,
  jsonRows,
  listRemoteObjects,
  openRemoteStore,
  type Runner,
  remoteCredentials,
} from "#dev/backup/remote.ts";
import type { Target } from "#dev/backup/target.ts";

const credentials = { apiToken: "token-1", accountId: "acc123" };
const target: Target = {
  d1Binding: "DB",
  databaseName: "lounge-radio-staging",
  localDatabaseId: "x",
  bucketName: "lounge-radio-images-staging",
  jurisdiction: null,
  env: "staging",
  defaultPersistTo: "/nowhere",
};

function object(key: string, size: number, contentType?: string) {
  return {
    key,
    size,
    etag: "9b2cf535f27731c974343645a3985328",
    last_modified: "2026-11-20T10:00:00.000Z",
    storage_class: "Standard",
    custom_metadata: {},
    http_metadata: contentType ? { contentType } : {},
  };
}

/** A fetch that answers each call with the next of `pages` and records what it was asked. */
function stubFetch(pages: { status?: number; body: unknown }[]) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetch: Fetch = async (url, init) => {
    calls.push({ url, headers: init.headers });
    const page = pages[calls.length - 1];
    if (!page) throw new Error("no more pages");
    const status = page.status ?? 200;
    return { ok: status < 300, status, json: async () => page.body };
  };
  return { fetch, calls };
}

describe("remoteCredentials", () => {
  it("names every missing variable", () => {
    expect(() => remoteCredentials({})).toThrow(/CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID/);
    expect(() => remoteCredentials({ CLOUDFLARE_API_TOKEN: "t" })).toThrow(/needs CLOUDFLARE_ACCOUNT_ID in/);
    expect(remoteCredentials({ CLOUDFLARE_API_TOKEN: "t", CLOUDFLARE_ACCOUNT_ID: "a" })).toEqual({
      apiToken: "t",
      accountId: "a",
    });
  });
});

describe("listRemoteObjects", () => {
  it("follows result_info.cursor until a page has none, keeping each content type", async () => {
    const { fetch, calls } = stubFetch([
      {
        body: {
          success: true,
          errors: [],
          messages: [],
          result: [object("a.png", 3, "image/png"), object("b.webp", 5, "image/webp")],
          result_info: { cursor: "cursor-1", per_page: 1000 },
        },
      },
      {
        body: {
          success: true,
          errors: [],
          messages: [],
          result: [object("c.bin", 7)],
          result_info: { per_page: 1000 },
        },
      },
    ]);
    const objects = await listRemoteObjects(fetch, credentials, "my bucket");
    expect(objects).toEqual([
      { key: "a.png", size: 3, contentType: "image/png" },
      { key: "b.webp", size: 5, contentType: "image/webp" },
      { key: "c.bin", size: 7, contentType: null },
    ]);
    expect(calls.map((c) => c.url)).toEqual([
      "https://api.cloudflare.com/client/v4/accounts/acc123/r2/buckets/my%20bucket/objects?per_page=1000",
      "https://api.cloudflare.com/client/v4/accounts/acc123/r2/buckets/my%20bucket/objects?per_page=1000&cursor=cursor-1",
    ]);
    expect(calls[0]?.headers).toEqual({ Authorization: "Bearer token-1" });
  });

  it("sends the bucket's jurisdiction and stops when is_truncated is false", async () => {
    const { fetch, calls } = stubFetch([
      {
        body: {
          success: true,
          result: [object("a.png", 1)],
          result_info: { cursor: "c", is_truncated: false },
        },
      },
    ]);
    expect(await listRemoteObjects(fetch, credentials, "b", "eu")).toHaveLength(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers["cf-r2-jurisdiction"]).toBe("eu");
  });

  it("reports the API's error messages with the HTTP status", async () => {
    const { fetch } = stubFetch([
      {
        status: 403,
        body: { success: false, errors: [{ code: 10000, message: "Authentication error" }], result: null },
      },
    ]);
    await expect(listRemoteObjects(fetch, credentials, "b")).rejects.toThrow(
      "Listing R2 bucket b failed with HTTP 403: Authentication error (10000)",
    );
  });

  it("stops on a cursor it has already followed instead of looping", async () => {
    const page = { body: { success: true, result: [], result_info: { cursor: "same" } } };
    const { fetch } = stubFetch([page, page, page]);
    await expect(listRemoteObjects(fetch, credentials, "b")).rejects.toThrow(/repeated a cursor/);
  });
});

describe("jsonRows", () => {
  it("reads every statement's rows, even after a warning wrangler printed first", () => {
    const answer = JSON.stringify([
      { results: [{ name: "pages", n: 2 }], success: true, meta: { duration: 1 } },
      { results: [{ name: "users", n: 0 }], success: true, meta: { duration: 1 } },
    ]);
    expect(jsonRows(`▲ [WARNING] something\n${answer}`)).toEqual([
      { name: "pages", n: 2 },
      { name: "users", n: 0 },
    ]);
    expect(() => jsonRows("✘ [ERROR] no")).toThrow();
  });
});

describe("openRemoteStore", () => {
  function stubRunner(answers: ((args: string[]) => string)[]) {
    const calls: string[][] = [];
    const run: Runner = async (args) => {
      calls.push(args);
      const answer = answers[calls.length - 1];
      if (!answer) throw new Error(`unexpected wrangler ${args.join(" ")}`);
      return answer(args);
    };
    return { run, calls };
  }
  const rows = (results: unknown[]) => JSON.stringify([{ results, success: true, meta: {} }]);

  it("exports, counts and moves objects through wrangler with --remote and the env", async () => {
    const { run, calls } = stubRunner([
      () => "🌀 Downloaded",
      () => rows([{ name: "d1_migrations" }, { name: "pages" }]),
      () =>
        JSON.stringify([
          { results: [{ name: "d1_migrations", n: 4 }], success: true, meta: {} },
          { results: [{ name: "pages", n: 2 }], success: true, meta: {} },
        ]),
      () => "",
      () => "",
    ]);
    const store = openRemoteStore({ target, credentials, run, fetch: stubFetch([]).fetch });
    await store.exportDatabase("/b/d1.sql");
    expect(await store.tableCounts()).toEqual({ d1_migrations: 4, pages: 2 });
    await store.downloadObject("a.png", "/b/r2/a.png");
    await store.uploadObject("a.png", "/b/r2/a.png", "image/png");
    expect(calls[0]).toEqual(["d1", "export", "DB", "--remote", "--output", "/b/d1.sql", "--env", "staging"]);
    expect(calls[1]?.slice(0, 6)).toEqual(["d1", "execute", "DB", "--remote", "--json", "--command"]);
    expect(calls[2]?.[6]).toBe(
      `SELECT 'd1_migrations' AS name, count(*) AS n FROM "d1_migrations";\nSELECT 'pages' AS name, count(*) AS n FROM "pages"`,
    );
    expect(calls[3]).toEqual([
      ...["r2", "object", "get", "lounge-radio-images-staging/a.png", "--remote", "--file", "/b/r2/a.png"],
      ...["--env", "staging"],
    ]);
    expect(calls[4]).toEqual([
      ...["r2", "object", "put", "lounge-radio-images-staging/a.png", "--remote", "--file", "/b/r2/a.png"],
      ...["--content-type", "image/png", "--env", "staging"],
    ]);
  });

  it("replaces the database with one file: drops first (triggers, then tables children first), then the plan", async () => {
    let uploaded = "";
    const { run, calls } = stubRunner([
      () =>
        rows([
          { type: "table", name: "_cf_KV" },
          { type: "table", name: "sqlite_sequence" },
          { type: "table", name: "users" },
          { type: "table", name: "pages" },
          { type: "index", name: "pages_slug_unique" },
          { type: "trigger", name: "track_history_stats_insert" },
          { type: "table", name: "sessions" },
        ]),
      (args) => {
        uploaded = readFileSync(args[args.indexOf("--file") + 1] as string, "utf8");
        return "";
      },
    ]);
    const store = openRemoteStore({ target, credentials, run, fetch: stubFetch([]).fetch });
    await store.replaceDatabase({
      tableOrder: ["users", "pages", "sessions"],
      statements: ['CREATE TABLE "pages" (id)', 'INSERT INTO "pages" VALUES(1)'],
    });
    expect(calls[1]).toEqual(
      expect.arrayContaining(["d1", "execute", "DB", "--remote", "--yes", "--env", "staging"]),
    );
    expect(uploaded).toBe(
      [
        "PRAGMA defer_foreign_keys = TRUE;",
        'DROP TRIGGER IF EXISTS "track_history_stats_insert";',
        'DROP TABLE IF EXISTS "sessions";',
        'DROP TABLE IF EXISTS "pages";',
        'DROP TABLE IF EXISTS "users";',
        'CREATE TABLE "pages" (id);',
        'INSERT INTO "pages" VALUES(1);',
        "",
      ].join("\n"),
    );
  });

  it("runs the checks' statements as one --command and answers each statement's rows", async () => {
    const { run, calls } = stubRunner([
      () =>
        JSON.stringify([
          { results: [], success: true, meta: {} },
          { results: [{ n: 0 }], success: true, meta: {} },
        ]),
    ]);
    const store = openRemoteStore({ target, credentials, run, fetch: stubFetch([]).fetch });
    expect(await store.query(["PRAGMA foreign_key_check", "SELECT 0 AS n"])).toEqual([[], [{ n: 0 }]]);
    expect(calls[0]).toEqual([
      ...["d1", "execute", "DB", "--remote", "--json", "--command"],
      ...["PRAGMA foreign_key_check;\nSELECT 0 AS n", "--env", "staging"],
    ]);
  });

  it("lists the bucket through the API, not wrangler", async () => {
    const { fetch, calls } = stubFetch([
      { body: { success: true, result: [object("k.png", 2, "image/png")] } },
    ]);
    const { run } = stubRunner([]);
    const store = openRemoteStore({ target, credentials, run, fetch });
    expect(await store.listObjects()).toEqual([{ key: "k.png", size: 2, contentType: "image/png" }]);
    expect(calls[0]?.url).toContain("/r2/buckets/lounge-radio-images-staging/objects");
  });
});
