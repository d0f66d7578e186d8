// Every worker route (docs/product.md §10, Accounts and security), sent generated hostile requests (bodies, content types, paths,
// queries, headers, origins) as a stranger, a listener and the admin, never answers 5xx, and
// every 4xx under /api is the JSON error shape. The routes come from the app itself, so a route
// added later is covered without editing this file.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type HostileRequest, hostileRequest, type Known, type Mode, workerRoutes } from "./support/hostile";
import { keyOf, uploadImage } from "./support/images";
import { createPageAsAdmin } from "./support/pages";
import { postJson, request } from "./support/request";
import { newSession } from "./support/session";
import { anonymousId, uniqueEmail, uniqueIp } from "./support/unique";

/** Requests per route: about 36 routes x 16, some 600 requests in ~10 s on two cores. */
const runs: Record<Mode, number> = { guarded: 10, anything: 6 };
const routes = workerRoutes();
const known: Known = { pageIds: [], slugs: [], userIds: [], sessionIds: [], imageKeys: [], loginTokens: [] };

beforeAll(async () => {
  for (const published of ["true", "false"]) {
    const page = await createPageAsAdmin({ published });
    known.pageIds.push(page.id);
    known.slugs.push(page.slug);
  }
  known.userIds.push((await newSession("user")).id);
  const sessionId = anonymousId();
  const favorite = { sessionId, trackTitle: "Velvet Harbour", trackArtist: "Nightfall Quartet" };
  expect((await postJson("/api/favorites", favorite)).status).toBe(201);
  known.sessionIds.push(sessionId);
  known.imageKeys.push(keyOf(await uploadImage()));
  expect((await postJson("/api/auth/request-login", { email: uniqueEmail() })).status).toBe(200);
  const debug = (await (await request("/api/auth/debug-tokens")).json()) as { tokens: { link: string }[] };
  for (const { link } of debug.tokens) {
    const token = new URL(link).searchParams.get("token");
    if (token) known.loginTokens.push(token);
  }
  for (const values of Object.values(known)) expect(values.length).toBeGreaterThan(0);
});

/** Sends the request through the worker's entry; undefined when the runtime refuses to build it. */
async function send(req: HostileRequest): Promise<Response | undefined> {
  const headers = { ...req.headers };
  if (headers["CF-Connecting-IP"] === "fresh") headers["CF-Connecting-IP"] = uniqueIp();
  if (req.role !== "anonymous") {
    const session = (await newSession(req.role)).cookie;
    headers.Cookie = headers.Cookie === undefined ? session : `${session}; ${headers.Cookie}`;
  }
  if (req.lengthLie !== undefined) {
    const length =
      typeof req.body === "string" ? new TextEncoder().encode(req.body).length : (req.body?.length ?? 0);
    headers["Content-Length"] =
      typeof req.lengthLie === "number" ? String(Math.max(0, length + req.lengthLie)) : req.lengthLie;
  }
  const init: RequestInit = { method: req.method, headers, body: req.body ?? null, redirect: "manual" };
  try {
    new Request(`http://localhost${req.target}`, init);
  } catch {
    return undefined;
  }
  return request(req.target, init);
}

/** No 5xx ever; a 4xx under /api is `{ error, message }` as JSON. */
async function expectSafeAnswer(req: HostileRequest, res: Response) {
  if (res.status === 101) {
    // A WebSocket handshake that the live room accepted: a fine answer, hung up at once.
    res.webSocket?.accept();
    res.webSocket?.close();
    return;
  }
  const text = await res.text();
  const path = new URL(`http://localhost${req.target}`).pathname;
  const type = res.headers.get("Content-Type") ?? "";
  const seen = `${req.method} ${path.slice(0, 200)} answered ${res.status} (${type}): ${text.slice(0, 300)}`;
  // The health check's 503 is its answer, not a failure: "not ok" (no cron run in this test's
  // storage), with the same JSON body as its 200.
  if (path === "/api/health" && res.status === 503) {
    if (req.method !== "HEAD")
      expect(JSON.parse(text), seen).toMatchObject({ ok: false, db: expect.any(Object) });
    return;
  }
  expect(res.status, seen).toBeLessThan(500);
  if (res.status < 400 || !/^\/api(\/|$)/.test(path)) return;
  expect(type, seen).toMatch(/^application\/json\s*(;|$)/i);
  if (req.method === "HEAD") return;
  let body: unknown;
  expect(() => {
    body = JSON.parse(text);
  }, seen).not.toThrow();
  expect(body, seen).toEqual({ error: expect.any(String), message: expect.any(String) });
}

describe("the routes under test", () => {
  it("are read from the app and include the state-changing ones", () => {
    const names = routes.map(({ method, path }) => `${method} ${path}`);
    expect(names.length).toBeGreaterThan(20);
    expect(names).toEqual(
      expect.arrayContaining([
        "POST /api/favorites",
        "DELETE /api/favorites/:id",
        "POST /api/auth/verify",
        "POST /api/auth/login",
        "POST /api/upload",
        "POST /api/pages/import",
        "PUT /api/pages/:id",
        "GET /images/:key",
        "ALL /api/*",
      ]),
    );
  });
});

describe.each(routes)("$method $path", (route) => {
  const modes: { mode: Mode; sent: string }[] = [
    {
      mode: "guarded",
      sent: "from the site itself with the route's content type, so bodies reach the handler",
    },
    { mode: "anything", sent: "with any origin, content type, cookie and Content-Length" },
  ];
  it.each(modes)(
    "answers no 5xx and no non-JSON 4xx to hostile requests sent $sent",
    async ({ mode }) => {
      let sent = 0;
      // fast-check prints the seed and path of a failure: add both to these options to replay it.
      await fc.assert(
        fc.asyncProperty(hostileRequest(route, known, mode), async (req) => {
          const res = await send(req);
          if (!res) return;
          sent++;
          await expectSafeAnswer(req, res);
        }),
        { numRuns: runs[mode] },
      );
      // The runtime may refuse to build a request (a forbidden method); most must have gone out.
      expect(sent).toBeGreaterThanOrEqual(runs[mode] / 2);
    },
    60_000,
  );
});
