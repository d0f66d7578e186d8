// Backup and restore on any Store: what `npm run backup` and `npm run restore` do.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkForeignKeys, checkListeningStats, compareCounts } from "./checks.ts";
import {
  checkBackupFiles,
  countRowsInExport,
  insideDir,
  type Manifest,
  type ManifestObject,
  manifestFormat,
  objectFileName,
  readManifest,
  sha256,
} from "./manifest.ts";
import type { RestorePlan } from "./plan.ts";
import type { Store } from "./store.ts";
import type { Target } from "./target.ts";

type Log = (line: string) => void;

/** Runs `task` over `items`, at most `limit` at a time (each remote object is a wrangler call). */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function runBackup(
  store: Store,
  outDir: string,
  options: { target: Target; source: Manifest["source"]; log?: Log },
): Promise<Manifest> {
  if (existsSync(outDir) && readdirSync(outDir).length > 0)
    throw new Error(`${outDir} is not empty: give a new directory for each backup.`);
  const created = !existsSync(outDir);
  try {
    return await writeBackup(store, outDir, options);
  } catch (err) {
    // Leave nothing that looks like a backup behind.
    if (created) rmSync(outDir, { recursive: true, force: true });
    else for (const name of readdirSync(outDir)) rmSync(join(outDir, name), { recursive: true, force: true });
    throw err;
  }
}

async function writeBackup(
  store: Store,
  outDir: string,
  options: { target: Target; source: Manifest["source"]; log?: Log },
): Promise<Manifest> {
  const log = options.log ?? console.log;
  mkdirSync(join(outDir, "r2"), { recursive: true });

  const d1File = "d1.sql";
  await store.exportDatabase(join(outDir, d1File));
  const sql = readFileSync(join(outDir, d1File));
  const tables = countRowsInExport(sql.toString("utf8"));
  const rows = Object.values(tables).reduce((a, b) => a + b, 0);
  log(`d1: ${options.target.databaseName} → ${d1File} (${Object.keys(tables).length} tables, ${rows} rows)`);

  const listed = await store.listObjects();
  const taken = new Set<string>();
  const planned = listed.map((o) => ({ ...o, file: objectFileName(o.key, taken) }));
  const objects: ManifestObject[] = [];
  await eachLimited(planned, 4, async (o) => {
    await store.downloadObject(o.key, insideDir(outDir, o.file));
    const bytes = readFileSync(insideDir(outDir, o.file));
    objects.push({
      key: o.key,
      contentType: o.contentType,
      size: bytes.length,
      sha256: sha256(bytes),
      file: o.file,
    });
  });
  objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  log(`r2: ${options.target.bucketName} → r2/ (${objects.length} objects)`);

  const manifest: Manifest = {
    format: manifestFormat,
    createdAt: new Date().toISOString(),
    source: options.source,
    d1: {
      database: options.target.databaseName,
      file: d1File,
      sha256: sha256(sql),
      size: sql.length,
      tables,
    },
    r2: { bucket: options.target.bucketName, objects },
  };
  // Written last: a backup that stopped half-way has no manifest, and restore refuses it.
  writeFileSync(join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The manifest of the backup in `dir`, once every file matches it; throws naming each bad file. */
export function loadBackup(dir: string): Manifest {
  const manifest = readManifest(dir);
  const problems = checkBackupFiles(dir, manifest);
  if (problems.length > 0)
    throw new Error(
      `The backup in ${dir} does not match its manifest, so nothing was changed:\n  ${problems.join("\n  ")}`,
    );
  return manifest;
}

/** Replaces the database by the plan (from rehearseRestore) and puts every backed-up object into the bucket. */
export async function restoreInto(
  store: Store,
  dir: string,
  manifest: Manifest,
  plan: RestorePlan,
  log: Log = console.log,
) {
  await store.replaceDatabase(plan);
  log(`d1: replaced with ${manifest.d1.file} (every table created first, then the rows, parents first)`);
  await eachLimited(manifest.r2.objects, 4, (o) =>
    store.uploadObject(o.key, insideDir(dir, o.file), o.contentType),
  );
  log(`r2: put ${manifest.r2.objects.length} objects`);
}

/**
 * Compares the database and bucket with the manifest (tables and row counts, each object's size
 * and content type) and checks the foreign keys and the listening stats: the summary and every
 * difference. Stats that differ from the history in the backup itself (`statsAsBackedUp`, from
 * the rehearsal) are reported as such, not as a difference the restore made.
 */
export async function verifyRestore(store: Store, manifest: Manifest, statsAsBackedUp: string[] = []) {
  const counts = await store.tableCounts();
  const countProblems = compareCounts(counts, manifest.d1.tables);
  const foreignKeys = await checkForeignKeys(store);
  const stats = await checkListeningStats(store, Object.keys(counts));
  const asBackedUp = stats.problems.filter((p) => statsAsBackedUp.includes(p));
  const problems = [
    ...countProblems,
    ...foreignKeys.problems,
    ...stats.problems.filter((p) => !asBackedUp.includes(p)),
  ];

  const inBucket = new Map((await store.listObjects()).map((o) => [o.key, o]));
  let present = 0;
  for (const o of manifest.r2.objects) {
    const found = inBucket.get(o.key);
    if (!found) problems.push(`r2: ${o.key} is missing`);
    else if (found.size !== o.size)
      problems.push(`r2: ${o.key} has ${found.size} bytes, the backup ${o.size}`);
    else if (found.contentType !== o.contentType)
      problems.push(`r2: ${o.key} has content type ${found.contentType}, the backup ${o.contentType}`);
    else present++;
  }
  const backedUp = new Set(manifest.r2.objects.map((o) => o.key));
  const others = [...inBucket.keys()].filter((k) => !backedUp.has(k)).length;
  const tables = Object.keys(manifest.d1.tables).length;
  const rows = Object.values(manifest.d1.tables).reduce((a, b) => a + b, 0);
  const summary = [
    countProblems.length === 0
      ? `d1: ${tables} tables, ${rows} rows, as in the manifest`
      : `d1: ${tables} tables, ${rows} rows expected; ${countProblems.length} differences`,
    ...foreignKeys.summary,
    ...stats.summary,
    ...asBackedUp.map((p) => `${p} (as in the backup itself)`),
    `r2: ${present}/${manifest.r2.objects.length} backed-up objects in place` +
      (others > 0 ? `; ${others} objects not in the backup left as they were` : ""),
  ];
  return { summary, problems };
}
