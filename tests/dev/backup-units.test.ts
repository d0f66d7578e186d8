// The pure parts of backup/restore: arguments, the manifest's file names and row counts, the
// statements that empty a database, and reading the target from wrangler.toml.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseBackupArgs, parseRestoreArgs, UsageError } from "#dev/backup/args.ts";
import { countRowsInExport, insideDir, objectFileName } from "#dev/backup/manifest.ts";
import { dropEverything } from "#dev/backup/store.ts";
import { readTarget } from "#dev/backup/target.ts";

describe("arguments", () => {
  it("backup defaults to the local state and needs --out", () => {
    expect(parseBackupArgs(["--out", "b"])).toEqual({ remote: false, env: null, persistTo: null, out: "b" });
    expect(parseBackupArgs(["--remote", "--env", "staging", "--out", "b"])).toEqual({
      remote: true,
      env: "staging",
      persistTo: null,
      out: "b",
    });
    expect(() => parseBackupArgs([])).toThrow("--out DIR is required.");
    expect(parseBackupArgs(["--help"])).toBeNull();
  });

  it("refuses contradictions and unknown options with a UsageError", () => {
    expect(() => parseBackupArgs(["--local", "--remote", "--out", "b"])).toThrow(UsageError);
    expect(() => parseBackupArgs(["--remote", "--persist-to", "s", "--out", "b"])).toThrow(/--persist-to/);
    expect(() => parseBackupArgs(["--out", "b", "--force"])).toThrow(UsageError);
    expect(() => parseBackupArgs(["--out", "b", "extra"])).toThrow("Unexpected argument: extra");
    expect(() => parseBackupArgs(["--env", "../x", "--out", "b"])).toThrow(/--env/);
  });

  it("restore takes one DIR and makes a safety backup unless told not to", () => {
    expect(parseRestoreArgs(["--persist-to", "s", "b"])).toEqual({
      remote: false,
      env: null,
      persistTo: "s",
      dir: "b",
      safetyBackup: true,
      yes: false,
    });
    expect(parseRestoreArgs(["--remote", "--no-safety-backup", "--yes", "b"])).toMatchObject({
      remote: true,
      safetyBackup: false,
      yes: true,
    });
    expect(() => parseRestoreArgs([])).toThrow("DIR (the backup) is required.");
    expect(() => parseRestoreArgs(["a", "b"])).toThrow("Give one DIR.");
  });
});

describe("backup files", () => {
  it("names an object's file after its key when that is a plain name, else after its hash", () => {
    const taken = new Set<string>();
    expect(objectFileName("3f0c1a9e-2b7d-4c1e-9a51-0d6c7e8f9a10.png", taken)).toBe(
      "r2/3f0c1a9e-2b7d-4c1e-9a51-0d6c7e8f9a10.png",
    );
    expect(objectFileName("Photo.PNG", taken)).toBe("r2/Photo.PNG");
    expect(objectFileName("photo.png", taken)).toBe("r2/2-photo.png");
    expect(objectFileName("a/b.png", taken)).toBe("r2/a%2Fb.png");
    for (const key of ["../../etc/passwd", "..", ".hidden", "x".repeat(300)]) {
      const file = objectFileName(key, taken);
      expect(file).toMatch(/^r2\/[0-9a-f]{40}$/);
      expect(insideDir("/backup", file)).toBe(`/backup/${file}`);
    }
  });

  it("refuses a manifest path that leaves the backup", () => {
    expect(() => insideDir("/backup", "../elsewhere/d1.sql")).toThrow(/outside the backup/);
    expect(() => insideDir("/backup", "/etc/passwd")).toThrow(/outside the backup/);
    expect(() => insideDir("/backup", ".")).toThrow(/outside the backup/);
  });

  it("counts rows per table from an export's statements, not its lines", () => {
    const sql = [
      "PRAGMA defer_foreign_keys=TRUE;",
      'CREATE TABLE IF NOT EXISTS "d1_migrations"(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT);',
      'INSERT INTO "d1_migrations" ("id","name") VALUES(1,\'0000_init.sql\');',
      "CREATE TABLE `pages` (`id` text PRIMARY KEY NOT NULL, `content` text NOT NULL);",
      "INSERT INTO \"pages\" (\"id\",\"content\") VALUES('p1','two lines;\nINSERT INTO \"pages\" VALUES(''no'');');",
      'INSERT INTO "pages" ("id","content") VALUES(\'p2\',\'x\');',
      "CREATE TABLE `users` (`id` text);",
      "DELETE FROM sqlite_sequence;",
      'INSERT INTO "sqlite_sequence" ("name","seq") VALUES(\'d1_migrations\',1);',
      "CREATE TRIGGER `t` AFTER INSERT ON `pages`\nBEGIN\n  INSERT INTO `users` (`id`) VALUES (NEW.`id`);\nEND;",
    ].join("\n");
    expect(countRowsInExport(sql)).toEqual({ d1_migrations: 1, pages: 2, users: 0 });
  });

  it("empties a database: triggers, then views, then tables; never SQLite's or D1's own", () => {
    expect(
      dropEverything([
        { type: "table", name: "pages" },
        { type: "index", name: "pages_slug_unique" },
        { type: "table", name: "sqlite_sequence" },
        { type: "table", name: "_cf_KV" },
        { type: "view", name: "v" },
        { type: "trigger", name: 'odd"name' },
      ]),
    ).toEqual([
      "PRAGMA defer_foreign_keys = TRUE",
      'DROP TRIGGER IF EXISTS "odd""name"',
      'DROP VIEW IF EXISTS "v"',
      'DROP TABLE IF EXISTS "pages"',
    ]);
    expect(dropEverything([{ type: "table", name: "sqlite_sequence" }])).toEqual([]);
  });
});

describe("readTarget", () => {
  const dir = mkdtempSync(join(tmpdir(), "lounge-target-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = join(dir, "wrangler.toml");
  writeFileSync(
    config,
    `name = "w"
main = "index.ts"
compatibility_date = "2026-11-01"

[[d1_databases]]
binding = "DB"
database_name = "prod-db"
database_id = "11111111-1111-4111-8111-111111111111"

[[r2_buckets]]
binding = "IMAGES"
bucket_name = "prod-images"

[env.staging]
[[env.staging.d1_databases]]
binding = "DB"
database_name = "staging-db"
database_id = "22222222-2222-4222-8222-222222222222"

[[env.staging.r2_buckets]]
binding = "IMAGES"
bucket_name = "staging-images"
jurisdiction = "eu"

[env.bare]
`,
  );

  it("reads the database and bucket of the top level or of an [env.NAME]", () => {
    expect(readTarget(null, config)).toMatchObject({
      databaseName: "prod-db",
      localDatabaseId: "11111111-1111-4111-8111-111111111111",
      bucketName: "prod-images",
      jurisdiction: null,
      defaultPersistTo: resolve(dir, ".wrangler/state"),
    });
    expect(readTarget("staging", config)).toMatchObject({
      env: "staging",
      databaseName: "staging-db",
      bucketName: "staging-images",
      jurisdiction: "eu",
    });
  });

  it("refuses an environment that is not defined, or that binds no database", () => {
    // wrangler itself refuses an unknown name when the file defines environments...
    expect(() => readTarget("stagin", config)).toThrow(
      /No environment found in configuration with name "stagin"/,
    );
    expect(() => readTarget("bare", config)).toThrow(/\[env\.bare\] of .* has no D1 database bound as DB/);
    // ...but falls back to the top level when it defines none: refused here.
    const plain = join(dir, "plain.toml");
    writeFileSync(plain, readFileSync(config, "utf8").split("[env.staging]")[0] as string);
    expect(() => readTarget("staging", plain)).toThrow(
      /has no \[env\.staging\] section \(environments defined: none\)/,
    );
  });
});
