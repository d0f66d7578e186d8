// The backup's manifest: what was backed up, from where, with counts and checksums.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { readExport } from "./plan.ts";

export const manifestFormat = "lounge-radio-backup/1";

export type ManifestObject = {
  key: string;
  contentType: string | null;
  size: number;
  sha256: string;
  /** Relative to the backup directory, under `r2/`. */
  file: string;
};

export type Manifest = {
  format: typeof manifestFormat;
  createdAt: string;
  source: { target: "local" | "remote"; env: string | null; persistTo: string | null };
  d1: { database: string; file: string; sha256: string; size: number; tables: Record<string, number> };
  r2: { bucket: string; objects: ManifestObject[] };
};

export function sha256(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Where an object's bytes go in the backup: its key, percent-encoded, when that makes a plain
 * file name (keys here are `<uuid>.<ext>`); otherwise a hash of the key. Never a path that
 * leaves `r2/`.
 */
export function objectFileName(key: string, taken: Set<string>): string {
  const encoded = encodeURIComponent(key);
  const plain = /^[A-Za-z0-9_~-][A-Za-z0-9._~%-]*$/.test(encoded) && encoded.length <= 200;
  const base = plain ? encoded : sha256(key).slice(0, 40);
  let name = base;
  // Keys differing only in case must not share a file on a case-insensitive disk.
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${n}-${base}`;
  taken.add(name.toLowerCase());
  return `r2/${name}`;
}

/** The absolute path of `file` inside `dir`, or an error when it would point outside. */
export function insideDir(dir: string, file: string): string {
  const full = resolve(dir, file);
  const rel = relative(resolve(dir), full);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel))
    throw new Error(`manifest.json names a file outside the backup: ${file}`);
  return full;
}

/**
 * Rows per table in an export, counted from its statements (one INSERT per row). Throws on a
 * statement the restore could not place (plan.ts), so such a backup fails when it is taken.
 */
export function countRowsInExport(sql: string): Record<string, number> {
  return Object.fromEntries([...readExport(sql).rows].map(([table, rows]) => [table, rows.length]));
}

function fail(message: string): never {
  throw new Error(`manifest.json: ${message}`);
}

const isHash = (v: unknown) => typeof v === "string" && /^[0-9a-f]{64}$/.test(v);
const isCount = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;

/** Reads and checks the shape of DIR/manifest.json. */
export function readManifest(dir: string): Manifest {
  const path = join(dir, "manifest.json");
  if (!existsSync(path)) fail(`not found in ${dir} (is it a backup? an interrupted backup has none)`);
  let m: Manifest;
  try {
    m = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    fail("is not valid JSON");
  }
  if (m?.format !== manifestFormat) fail(`format is not "${manifestFormat}"`);
  if (typeof m.d1?.file !== "string" || !isHash(m.d1.sha256) || !isCount(m.d1.size)) fail("d1 is incomplete");
  if (typeof m.d1.tables !== "object" || !Object.values(m.d1.tables).every(isCount))
    fail("d1.tables must map each table to its row count");
  if (typeof m.r2?.bucket !== "string" || !Array.isArray(m.r2.objects)) fail("r2 is incomplete");
  for (const [i, o] of m.r2.objects.entries()) {
    const typeOk = o?.contentType === null || typeof o?.contentType === "string";
    if (
      typeof o?.key !== "string" ||
      typeof o.file !== "string" ||
      !isHash(o.sha256) ||
      !isCount(o.size) ||
      !typeOk
    )
      fail(`r2.objects[${i}] is incomplete`);
  }
  return m;
}

/** Every file the manifest names, checked against its size and SHA-256: the problems found. */
export function checkBackupFiles(dir: string, manifest: Manifest): string[] {
  const problems: string[] = [];
  const entries = [manifest.d1, ...manifest.r2.objects];
  for (const entry of entries) {
    let path: string;
    try {
      path = insideDir(dir, entry.file);
    } catch (err) {
      problems.push((err as Error).message);
      continue;
    }
    if (!existsSync(path)) {
      problems.push(`${entry.file}: missing`);
      continue;
    }
    const bytes = readFileSync(path);
    if (bytes.length !== entry.size)
      problems.push(`${entry.file}: ${bytes.length} bytes, the manifest says ${entry.size}`);
    else if (sha256(bytes) !== entry.sha256)
      problems.push(`${entry.file}: SHA-256 differs from the manifest`);
  }
  return problems;
}
