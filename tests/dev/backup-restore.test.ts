// The backup/restore round trip on a station's real data: rows in every table the migrations
// create, naming each other (tests/dev/fixtures/station.ts), and images in the bucket. The
// operator's commands run as commands; one throw-away state directory for the file (ADR 029).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Manifest, sha256 } from "#dev/backup/manifest.ts";
import { openRemoteStore } from "#dev/backup/remote.ts";
import { readTarget } from "#dev/backup/target.ts";
import { rehearseRestore } from "#dev/backup/verify.ts";
import { migrate, root, script, snapshot, withState, wrangler } from "./fixtures/local-state.ts";
import { images, insert, stationSql } from "./fixtures/station.ts";

const work = mkdtempSync(join(tmpdir(), "lounge-backup-test-"));
const state = join(work, "state");
const backup = join(work, "backup");
const [pageImage] = images;

let before: Record<string, unknown[]>;

beforeAll(async () => {
  await migrate(state);
  before = await withState(state, async ({ db, bucket }) => {
    await db.batch(stationSql.map((s) => db.prepare(s)));
    for (const image of images)
      await bucket.put(image.key, image.bytes, { httpMetadata: { contentType: image.contentType } });
    return snapshot(db);
  });
  const backedUp = await script("backup", ["--local", "--persist-to", state, "--out", backup]);
  expect(backedUp.stderr).toBe("");
  expect(backedUp.code).toBe(0);
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));

describe("npm run backup / npm run restore (local)", () => {
  it("backs up a station with rows in every table the migrations create", () => {
    const manifest = readManifest(backup);
    expect(Object.keys(manifest.d1.tables).sort()).toEqual(Object.keys(before).sort());
    const empty = Object.entries(manifest.d1.tables).filter(([, rows]) => rows === 0);
    expect(empty, "the fixture leaves these tables empty").toEqual([]);
    expect(manifest.d1.tables).toMatchObject({
      users: 3,
      sessions: 3,
      favorites: 4,
      track_history: 5,
      artist_plays: 2,
      track_plays: 3,
      listening_totals: 1,
      d1_migrations: readdirSync(join(root, "schema/migrations")).filter((f) => f.endsWith(".sql")).length,
    });
    expect(manifest.r2.objects.map((o) => [o.key, o.contentType, o.size])).toEqual(
      images.map((i) => [i.key, i.contentType, i.bytes.length]),
    );
    expect(new Uint8Array(readFileSync(join(backup, manifest.r2.objects[0]?.file as string)))).toEqual(
      images[0]?.bytes,
    );
    // wrangler's export lists sessions before the users they name: the reason for ADR 029.
    const dump = readFileSync(join(backup, "d1.sql"), "utf8");
    expect(dump.indexOf('INSERT INTO "sessions"')).toBeLessThan(dump.indexOf('INSERT INTO "users"'));
  });

  it("refuses a tampered backup, then brings back every row of every table, the triggers and the images", async () => {
    await withState(state, async ({ db, bucket }) => {
      await db.batch(
        [
          "DELETE FROM users WHERE email = 'ann@example.com'",
          "DELETE FROM pages WHERE slug = 'drafts'",
          "UPDATE pages SET content = 'Changed' WHERE slug = 'about'",
          insert("track_history", { title: "Late", artist: "Ilse Vahr", played_at: Date.UTC(2026, 10, 25) }),
        ].map((s) => db.prepare(s)),
      );
      await bucket.delete(pageImage?.key as string);
    });

    const tampered = join(work, "tampered");
    cpSync(backup, tampered, { recursive: true });
    const file = readManifest(backup).r2.objects[0]?.file as string;
    writeFileSync(join(tampered, file), Uint8Array.from([1, 2, 3]));
    const refused = await script("restore", ["--local", "--persist-to", state, tampered]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${file}: 3 bytes, the manifest says`);
    expect(refused.stderr).toContain("nothing was changed");
    expect(readdirSync(work).filter((n) => n.startsWith("tampered-before-restore"))).toEqual([]);

    const restored = await script("restore", ["--local", "--persist-to", state, backup]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("d1: every foreign key finds its row");
    expect(restored.stdout).toContain(
      "d1: listening stats agree with the history: 5 plays, 3 tracks, 2 artists",
    );
    expect(restored.stdout).toContain("restore verified");

    // The safety backup holds the state just before the restore: the refused attempt changed nothing.
    const [safety] = readdirSync(work).filter((n) => n.startsWith("backup-before-restore-"));
    expect(readManifest(join(work, safety as string)).d1.tables).toMatchObject({
      users: 2,
      sessions: 1,
      favorites: 2,
      pages: 1,
      track_history: 6,
    });

    await withState(state, async ({ db, bucket }) => {
      // Every row of every table is the backed-up one: Ann, her sessions and favorites are back,
      // the page has its old content, and no play is counted twice.
      expect(await snapshot(db)).toEqual(before);
      const object = await bucket.get(pageImage?.key as string);
      expect(object?.httpMetadata?.contentType).toBe("image/png");
      expect(new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(pageImage?.bytes);
      // The triggers are back too: a new play counts once.
      await db.prepare(insert("track_history", { title: "Dusk", artist: "Ilse Vahr", played_at: 1 })).run();
      expect(await db.prepare("SELECT total_plays, unique_tracks FROM listening_totals").first()).toEqual({
        total_plays: 6,
        unique_tracks: 3,
      });
    });
  }, 90_000);

  it("backup:verify restores the backup into a throw-away database, and finds one that would not come back whole", async () => {
    const verified = await script("backup-verify", [backup]);
    expect(verified.stderr).toBe("");
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain("as in the manifest; each table's rows as in d1.sql (SHA-256)");
    expect(verified.stdout).toContain("backup verified");

    // A backup whose files match its manifest, but whose d1.sql lost a play the manifest counts.
    const short = join(work, "short");
    cpSync(backup, short, { recursive: true });
    const manifest = readManifest(short);
    const sql = readFileSync(join(short, "d1.sql"), "utf8").replace(/^INSERT INTO "track_history" .*\n/m, "");
    writeFileSync(join(short, "d1.sql"), sql);
    const d1 = { ...manifest.d1, sha256: sha256(sql), size: Buffer.byteLength(sql) };
    const found = await rehearseRestore(short, { ...manifest, d1 }, readTarget(null));
    expect(found.problems).toEqual(["d1: track_history has 4 rows, the backup 5"]);
    expect(found.statsProblems).toEqual([
      "d1: listening_totals counts 5 plays, track_history has 4",
      "d1: artist_plays differs from the history's plays: 1 row with other plays, spelling or newest play",
      "d1: track_plays differs from the history's plays: 1 row with other plays, spelling or newest play",
    ]);
  }, 60_000);

  it("the remote restore's file loads into an empty D1 that wrangler creates, in the order it is sent", async () => {
    const fresh = join(work, "fresh");
    const target = readTarget(null);
    const manifest = readManifest(backup);
    const { plan } = await rehearseRestore(backup, manifest, target);
    // What `--remote` runs, with `--remote` pointed at a new local database instead.
    let sent = "";
    const store = openRemoteStore({
      target,
      credentials: { apiToken: "unused", accountId: "unused" },
      run: async (args) => {
        const file = args.indexOf("--file");
        if (file >= 0) sent = readFileSync(args[file + 1] as string, "utf8");
        const local = args.flatMap((a) => (a === "--remote" ? ["--local", "--persist-to", fresh] : [a]));
        return (await wrangler(local)).stdout;
      },
    });
    await store.replaceDatabase(plan);
    expect(sent.indexOf('INSERT INTO "users"')).toBeLessThan(sent.indexOf('INSERT INTO "sessions"'));
    expect(sent.indexOf("CREATE TRIGGER")).toBeGreaterThan(sent.lastIndexOf('INSERT INTO "'));
    expect(await withState(fresh, ({ db }) => snapshot(db))).toEqual(before);
  }, 60_000);
});
