// The backup/restore round trip on a throw-away local state directory, driven the way an
// operator drives it: wrangler writes and changes the data, `node dev/backup.ts` and
// `node dev/restore.ts` run as commands.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest } from "#dev/backup/manifest.ts";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const work = mkdtempSync(join(tmpdir(), "lounge-backup-test-"));
const state = join(work, "state");
const backup = join(work, "backup");
const imageKey = "0b9c3c1e-5a2f-4a8e-9d7e-2f1c6b8a9e01.png";
const imageBytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);

const wrangler = (args: string[]) =>
  run(join(root, "node_modules/.bin/wrangler"), args, {
    cwd: root,
    env: { ...process.env, CI: "true" },
    maxBuffer: 16 * 1024 * 1024,
  });

type Answer = { results: Record<string, unknown>[] }[];
const sql = async (command: string): Promise<Answer> =>
  JSON.parse(
    (
      await wrangler([
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        state,
        "--json",
        "--command",
        command,
      ])
    ).stdout,
  );

/** Runs `node dev/<name>.ts`; resolves with its exit code and output instead of throwing. */
async function script(name: "backup" | "restore", args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(root, `dev/${name}.ts`), ...args], {
      cwd: root,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const snapshot = [
  "SELECT * FROM pages ORDER BY id",
  "SELECT * FROM track_history ORDER BY id",
  "SELECT * FROM artist_plays ORDER BY artist_key",
  "SELECT * FROM track_plays ORDER BY title_key, artist_key",
  "SELECT * FROM listening_totals",
].join("; ");

let before: Answer;

beforeAll(async () => {
  await wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
  writeFileSync(join(work, "image.png"), imageBytes);
  const [answer] = await Promise.all([
    sql(
      "INSERT INTO pages (id, title, slug, content) VALUES ('p1', 'About', 'about', 'About the station'), " +
        "('p2', 'Links', 'links', 'Friends of the station'); " +
        "INSERT INTO track_history (title, artist, played_at) VALUES ('Blue', 'Nora', 1000), ('Green', 'Nora', 2000), " +
        `('Blue', 'nora ', 3000), ('Dusk', 'Ilse', 4000); ${snapshot}`,
    ),
    wrangler([
      ...["r2", "object", "put", `lounge-radio-images/${imageKey}`, "--local", "--persist-to", state],
      ...["--file", join(work, "image.png"), "--content-type", "image/png"],
    ]),
  ]);
  before = answer.slice(-5);
  const backedUp = await script("backup", ["--local", "--persist-to", state, "--out", backup]);
  expect(backedUp.stderr).toBe("");
  expect(backedUp.code).toBe(0);
}, 90_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("npm run backup / npm run restore (local)", () => {
  it("writes the export, the image and a manifest with row counts, content type and checksums", () => {
    const manifest: Manifest = JSON.parse(readFileSync(join(backup, "manifest.json"), "utf8"));
    expect(manifest.source).toEqual({ target: "local", env: null, persistTo: state });
    expect(manifest.d1.tables).toMatchObject({
      pages: 2,
      track_history: 4,
      artist_plays: 2,
      track_plays: 3,
      listening_totals: 1,
      d1_migrations: readdirSync(join(root, "schema/migrations")).filter((f) => f.endsWith(".sql")).length,
    });
    expect(manifest.r2.objects).toEqual([
      {
        key: imageKey,
        contentType: "image/png",
        size: imageBytes.length,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        file: `r2/${imageKey}`,
      },
    ]);
    expect(new Uint8Array(readFileSync(join(backup, "r2", imageKey)))).toEqual(imageBytes);
    // The export recreates the triggers after every row, so loading it cannot count a play twice.
    const dump = readFileSync(join(backup, "d1.sql"), "utf8");
    expect(dump.indexOf("CREATE TRIGGER")).toBeGreaterThan(dump.lastIndexOf('\nINSERT INTO "'));
  });

  it("refuses a tampered backup, then brings back a deleted page, the stats and the image", async () => {
    await Promise.all([
      sql(
        "DELETE FROM pages WHERE id = 'p1'; UPDATE pages SET content = 'Changed' WHERE id = 'p2'; " +
          "INSERT INTO track_history (title, artist, played_at) VALUES ('Late', 'Ilse', 5000)",
      ),
      wrangler([
        "r2",
        "object",
        "delete",
        `lounge-radio-images/${imageKey}`,
        "--local",
        "--persist-to",
        state,
      ]),
    ]);

    const tampered = join(work, "tampered");
    cpSync(backup, tampered, { recursive: true });
    writeFileSync(join(tampered, "r2", imageKey), Uint8Array.from([...imageBytes].reverse()));
    const refused = await script("restore", ["--local", "--persist-to", state, tampered]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`r2/${imageKey}: SHA-256 differs from the manifest`);
    expect(refused.stderr).toContain("nothing was changed");
    expect(readdirSync(work).filter((n) => n.startsWith("tampered-before-restore"))).toEqual([]);

    const restored = await script("restore", ["--local", "--persist-to", state, backup]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("restore verified");

    // The safety backup holds the state just before the restore, so the refused attempt changed nothing.
    const [safety] = readdirSync(work).filter((n) => n.startsWith("backup-before-restore-"));
    const safetyManifest: Manifest = JSON.parse(
      readFileSync(join(work, safety as string, "manifest.json"), "utf8"),
    );
    expect(safetyManifest.d1.tables).toMatchObject({ pages: 1, track_history: 5 });
    expect(safetyManifest.r2.objects).toEqual([]);

    const after = await sql(
      `${snapshot}; INSERT INTO track_history (title, artist, played_at) VALUES ('Blue', 'Nora', 6000); ` +
        "SELECT total_plays, unique_tracks, unique_artists FROM listening_totals",
    );
    // Pages, history and stats are the backed-up rows exactly: p1 is back, p2 has its old content,
    // and no play is counted twice.
    expect(after.slice(0, 5).map((a) => a.results)).toEqual(before.map((a) => a.results));
    expect(after[0]?.results).toMatchObject([{ id: "p1", content: "About the station" }, { id: "p2" }]);
    // The triggers are back too: a new play counts once.
    expect(after.at(-1)?.results).toEqual([{ total_plays: 5, unique_tracks: 3, unique_artists: 2 }]);

    const mf = new Miniflare(
      convertV4MiniflareOptions({
        modules: true,
        script: "",
        resourcePersistencePath: join(state, "v3"),
        r2Buckets: { IMAGES: "lounge-radio-images" },
      }),
    );
    try {
      const object = await (await mf.getR2Bucket("IMAGES")).get(imageKey);
      expect(object?.httpMetadata?.contentType).toBe("image/png");
      expect(new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(imageBytes);
    } finally {
      await mf.dispose();
    }
  }, 90_000);
});
