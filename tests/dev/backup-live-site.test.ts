// The operator's case of issue #42 on the real site: `wrangler dev` serving the worker on a
// throw-away state as `npm start` does (without the station and the built SPA), the admin and a
// listener logged in, favorites of both and of an anonymous listener. A backup taken while the
// site runs restores once the site is stopped; while it runs, the restore refuses (ADR 029).
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#dev/local-site.ts";
import { migrate, root, script, withState } from "./fixtures/local-state.ts";

const work = mkdtempSync(join(tmpdir(), "lounge-backup-site-"));
const state = join(work, "state");
const backup = join(work, "backup");
let site: ChildProcess | undefined;
let baseUrl = "";

async function startSite(): Promise<void> {
  const [port, inspectorPort, closedPort] = await Promise.all([freePort(), freePort(), freePort()]);
  baseUrl = `http://localhost:${port}`;
  const envFile = join(work, "site.env");
  writeFileSync(
    envFile,
    readFileSync(join(root, "dev/local.env"), "utf8")
      .replaceAll("http://localhost:8787", baseUrl)
      // Nothing answers for the radio host or the cover lookup: this test plays nothing.
      .replaceAll(/127\.0\.0\.1:800[01]/g, `127.0.0.1:${closedPort}`)
      .replace("ARTWORK_PROVIDER=musicbrainz", "ARTWORK_PROVIDER=none"),
  );
  mkdirSync(join(work, "assets"), { recursive: true });
  let output = "";
  const child = spawn(
    join(root, "node_modules/.bin/wrangler"),
    [
      ...["dev", "--env-file", envFile, "--port", String(port), "--inspector-port", String(inspectorPort)],
      ...["--persist-to", state, "--assets", join(work, "assets"), "--show-interactive-dev-session=false"],
    ],
    { cwd: root, env: { ...process.env, CI: "true" }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  site = child;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${output}`);
    const status = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    // 503 is an answer too: health is "not ok" until the first cron run.
    if (status === 200 || status === 503) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer within 120 s:\n${output}`);
}

async function stopSite(): Promise<void> {
  const child = site;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid, "SIGTERM");
  await exited;
}

/** A call as the browser makes it; answers the JSON and the session cookie it set, if any. */
async function call(
  path: string,
  init: { method?: string; json?: unknown; form?: string; cookie?: string } = {},
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.json || init.form ? "POST" : "GET"),
    redirect: "manual",
    headers: {
      ...(init.json ? { "Content-Type": "application/json" } : {}),
      ...(init.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      ...(init.cookie ? { Cookie: `lr_session=${init.cookie}` } : {}),
    },
    body: init.json ? JSON.stringify(init.json) : init.form,
  });
  const cookie = /lr_session=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : text, cookie };
}

const tokenHash = (cookie: string) => createHash("sha256").update(cookie).digest("hex");

beforeAll(async () => {
  await migrate(state);
  await startSite();
}, 180_000);

afterAll(async () => {
  await stopSite();
  rmSync(work, { recursive: true, force: true });
});

describe("a backup of the local site after npm start, a login and a favorite", () => {
  it("is taken while the site runs, refused as a restore until the site stops, then restored", async () => {
    const admin = await call("/api/auth/login", { json: { username: "admin", password: "lounge-admin" } });
    expect(admin.status).toBe(200);
    const track = { trackTitle: "Blue in Green", trackArtist: "Nora Lind" };
    expect(
      (await call("/api/favorites", { json: { sessionId: "admin", ...track }, cookie: admin.cookie })).status,
    ).toBe(201);

    expect((await call("/api/auth/request-login", { json: { email: "ann@example.com" } })).status).toBe(200);
    const { tokens } = (await call("/api/auth/debug-tokens")).body as { tokens: { link: string }[] };
    const token = new URL(tokens[0]?.link as string).searchParams.get("token") as string;
    const ann = await call("/api/auth/verify", { form: `token=${token}` });
    expect(ann.status).toBe(303);
    const me = (await call("/api/auth/me", { cookie: ann.cookie })).body as { id: string };
    const annFavorite = await call("/api/favorites", {
      json: { sessionId: me.id, ...track },
      cookie: ann.cookie,
    });
    expect(annFavorite.status).toBe(201);
    const anonymous = "session-1795500000000-k3Jd8sPq2LmN7vXa";
    expect((await call("/api/favorites", { json: { sessionId: anonymous, ...track } })).status).toBe(201);

    const backedUp = await script("backup", ["--local", "--persist-to", state, "--out", backup]);
    expect(backedUp.code).toBe(0);

    // After the backup Ann removes her favorite and logs out: the restore brings both back.
    expect(
      (await call(`/api/favorites/${me.id}`, { method: "DELETE", json: track, cookie: ann.cookie })).status,
    ).toBe(200);
    expect((await call("/api/auth/logout", { json: {}, cookie: ann.cookie })).status).toBe(200);

    const refused = await script("restore", ["--local", "--persist-to", state, backup]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /is in use by:\n {2}\S*workerd.* \(pid \d+\), started by .*wrangler.* dev /,
    );
    expect(refused.stderr).toContain("Stop `npm start` (Ctrl-C in its terminal)");
    expect(refused.stderr).toContain("Nothing was changed.");
    expect(readdirSync(work).filter((n) => n.includes("-before-restore-"))).toEqual([]);

    await stopSite();
    const restored = await script("restore", ["--local", "--persist-to", state, backup]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("d1: every foreign key finds its row");
    expect(restored.stdout).toContain("restore verified");

    await withState(state, async ({ db }) => {
      const sessions = await db.prepare("SELECT user_id, token_hash FROM sessions ORDER BY user_id").all();
      expect(sessions.results).toEqual(
        [
          { user_id: "admin", token_hash: tokenHash(admin.cookie as string) },
          { user_id: me.id, token_hash: tokenHash(ann.cookie as string) },
        ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
      );
      const favorites = await db
        .prepare("SELECT session_id, user_id FROM favorites ORDER BY session_id")
        .all();
      expect(favorites.results).toEqual(
        [
          { session_id: "admin", user_id: "admin" },
          { session_id: me.id, user_id: me.id },
          { session_id: anonymous, user_id: null },
        ].sort((a, b) => (a.session_id < b.session_id ? -1 : 1)),
      );
    });
  }, 120_000);
});
