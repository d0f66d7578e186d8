// The parts of backup/restore that need no database: arguments, the manifest's file names and
// row counts, the order a restore runs an export in, the statements that empty a database,
// reading the target from wrangler.toml, and finding who has the local state open.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseBackupArgs, parseRestoreArgs, parseVerifyArgs, UsageError } from "#dev/backup/args.ts";
import { holdersFromLsof, holdersFromProc, shortCommand } from "#dev/backup/in-use.ts";
import { countRowsInExport, insideDir, objectFileName } from "#dev/backup/manifest.ts";
import { parentsFirst, readExport, restorePlan, tableChecksums } from "#dev/backup/plan.ts";
import { replacement } from "#dev/backup/store.ts";
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

  it("backup:verify takes one DIR and nothing else", () => {
    expect(parseVerifyArgs(["b"])).toEqual({ dir: "b" });
    expect(parseVerifyArgs(["-h"])).toBeNull();
    expect(() => parseVerifyArgs([])).toThrow("DIR (the backup) is required.");
    expect(() => parseVerifyArgs(["--remote", "b"])).toThrow(UsageError);
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

  it("refuses a file with statements an export does not write, before anything changes", () => {
    expect(() => readExport('CREATE TABLE "a" (x);\nDROP TABLE "a";')).toThrow(
      'd1.sql statement 2 is not one that `wrangler d1 export` writes: DROP TABLE "a"',
    );
    expect(() => readExport('INSERT INTO "a" VALUES(1);')).toThrow(
      "d1.sql inserts into a before any CREATE TABLE of it (statement 1)",
    );
  });
});

describe("the order of a restore", () => {
  // wrangler's order: each table's rows right after it, tables as SQLite lists them.
  const exported = [
    "PRAGMA defer_foreign_keys=TRUE;",
    "CREATE TABLE `favorites` (`id` text, `user_id` text REFERENCES `users`(`id`));",
    'INSERT INTO "favorites" ("id","user_id") VALUES(\'f1\',\'u1\');',
    "CREATE TABLE `sessions` (`id` text, `user_id` text NOT NULL REFERENCES `users`(`id`));",
    'INSERT INTO "sessions" ("id","user_id") VALUES(\'s1\',\'u1\');',
    "CREATE TABLE `track_history` (`id` integer PRIMARY KEY AUTOINCREMENT, `title` text);",
    'INSERT INTO "track_history" ("id","title") VALUES(1,\'Blue\');',
    "CREATE TABLE `users` (`id` text PRIMARY KEY);",
    'INSERT INTO "users" ("id") VALUES(\'u1\');',
    "DELETE FROM sqlite_sequence;",
    'INSERT INTO "sqlite_sequence" ("name","seq") VALUES(\'track_history\',1);',
    "CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);",
    "CREATE TRIGGER `t` AFTER INSERT ON `track_history`\nBEGIN\n  UPDATE `users` SET `id` = `id`;\nEND;",
    "CREATE VIEW `v` AS SELECT 1;",
  ].join("\n");
  const foreignKeys = [
    { table: "favorites", parent: "users" },
    { table: "sessions", parent: "users" },
  ];

  it("creates every table first, then the rows with parents before children, then indexes, views and triggers", () => {
    const plan = restorePlan(readExport(exported), foreignKeys);
    expect(plan.tableOrder).toEqual(["users", "favorites", "sessions", "track_history"]);
    expect(plan.statements.map((s) => s.split("(")[0]?.split("\n")[0]?.trim())).toEqual([
      "CREATE TABLE `favorites`",
      "CREATE TABLE `sessions`",
      "CREATE TABLE `track_history`",
      "CREATE TABLE `users`",
      'INSERT INTO "users"',
      'INSERT INTO "favorites"',
      'INSERT INTO "sessions"',
      'INSERT INTO "track_history"',
      "DELETE FROM sqlite_sequence",
      'INSERT INTO "sqlite_sequence"',
      "CREATE INDEX `sessions_user_idx` ON `sessions`",
      "CREATE VIEW `v` AS SELECT 1",
      "CREATE TRIGGER `t` AFTER INSERT ON `track_history`",
    ]);
  });

  it("moves the tables a table's foreign keys name just before it, and keeps the export's order otherwise", () => {
    expect(
      parentsFirst(
        ["c", "b", "a", "d"],
        [
          { table: "c", parent: "b" },
          { table: "b", parent: "a" },
          { table: "d", parent: "d" },
          { table: "d", parent: "gone" },
        ],
      ),
    ).toEqual(["a", "b", "c", "d"]);
    // A cycle is placed once each; its rows rely on defer_foreign_keys.
    expect(
      parentsFirst(
        ["x", "y", "z"],
        [
          { table: "x", parent: "y" },
          { table: "y", parent: "x" },
        ],
      ),
    ).toEqual(["y", "x", "z"]);
  });

  it("checksums each table's rows whatever order they come in", () => {
    const a = readExport('CREATE TABLE "t" (x);\nINSERT INTO "t" VALUES(1);\nINSERT INTO "t" VALUES(2);');
    const b = readExport('CREATE TABLE "t" (x);\nINSERT INTO "t" VALUES(2);\nINSERT INTO "t" VALUES(1);');
    const c = readExport('CREATE TABLE "t" (x);\nINSERT INTO "t" VALUES(2);');
    expect(tableChecksums(a)).toEqual(tableChecksums(b));
    expect(tableChecksums(a).t).not.toBe(tableChecksums(c).t);
  });

  it("empties a database first: triggers, views, then tables children first; never SQLite's or D1's own", () => {
    expect(
      replacement(
        [
          { type: "table", name: "users" },
          { type: "table", name: "sessions" },
          { type: "table", name: "added_later" },
          { type: "index", name: "sessions_user_idx" },
          { type: "table", name: "sqlite_sequence" },
          { type: "table", name: "_cf_KV" },
          { type: "view", name: "v" },
          { type: "trigger", name: 'odd"name' },
        ],
        { tableOrder: ["users", "sessions"], statements: ["CREATE TABLE x (y)"] },
      ),
    ).toEqual([
      "PRAGMA defer_foreign_keys = TRUE",
      'DROP TRIGGER IF EXISTS "odd""name"',
      'DROP VIEW IF EXISTS "v"',
      'DROP TABLE IF EXISTS "added_later"',
      'DROP TABLE IF EXISTS "sessions"',
      'DROP TABLE IF EXISTS "users"',
      "CREATE TABLE x (y)",
    ]);
  });
});

describe("who has the local state open", () => {
  const dir = mkdtempSync(join(tmpdir(), "lounge-in-use-"));
  const state = join(dir, "state");
  const beside = join(dir, "state-e2e");
  for (const d of [state, beside]) mkdirSync(join(d, "v3"), { recursive: true });
  writeFileSync(join(state, "v3/db.sqlite"), "");
  writeFileSync(join(beside, "v3/db.sqlite"), "");
  // A grandchild, as workerd is to whoever started `wrangler dev`: this process's own children do not count.
  const shell = spawn("sh", ["-c", 'sleep 60 3<"$0" & wait', join(state, "v3/db.sqlite")], {
    stdio: "ignore",
  });
  let sleeper: number | undefined;
  afterAll(() => {
    if (sleeper) process.kill(sleeper);
    shell.kill();
    rmSync(dir, { recursive: true, force: true });
  });
  const hasLsof = !spawnSync("lsof", ["-v"]).error;

  it("names a process with a file under the state open (from /proc), and none for a directory beside it", async () => {
    let found = holdersFromProc(state);
    while (found.length === 0) {
      await new Promise((r) => setTimeout(r, 20));
      found = holdersFromProc(state);
    }
    sleeper = found[0]?.pid;
    expect(found).toEqual([{ pid: expect.any(Number), command: "sleep 60", parent: shell.pid }]);
    expect(holdersFromProc(beside)).toEqual([]);
  });

  it("finds the same with lsof, as on systems without /proc", () => {
    expect(hasLsof, "lsof is installed (sudo apt-get install -y lsof; .ci/run does)").toBe(true);
    // lsof names the command without its arguments.
    expect(holdersFromLsof(state)).toEqual([{ pid: sleeper, command: "sleep", parent: shell.pid }]);
    expect(holdersFromLsof(beside)).toEqual([]);
  });

  it("names programs, not their paths, so a checkout in a deep folder still shows `wrangler dev`", () => {
    const root = `/check/${"deep/".repeat(12)}main/node_modules`;
    expect(
      shortCommand(
        `${root}/node/bin/node --no-warnings ${root}/wrangler/wrangler-dist/cli.js dev --port 8787`,
      ),
    ).toBe("node --no-warnings wrangler dev --port 8787");
    expect(
      shortCommand(
        `${root}/@cloudflare/workerd-linux-64/bin/workerd serve --binary --socket-addr=entry=127.0.0.1:0`,
      ),
    ).toBe("workerd serve --binary --socket-addr=entry=127.0.0.1:0");
    expect(shortCommand(`node ${root}/.bin/tsx dev/start.ts`)).toBe("node tsx dev/start.ts");
    const long = shortCommand(`workerd serve ${"--flag ".repeat(40)}`);
    expect(long).toHaveLength(121);
    expect(long.endsWith("…")).toBe(true);
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
