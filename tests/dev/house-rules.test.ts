// House rules the import check cannot see (docs/architecture.md): no source file of the site, the
// worker, the schema or the operator's scripts grows past 300 lines; one that does holds more
// than one job and is split by job (issue 38). Generated files are not ours to split.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const maxLines = 300;
const generated = new Set(["worker/worker-configuration.d.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !generated.has(path) ? [path] : [];
  });
}

describe("the house", () => {
  it(`has no source file over ${maxLines} lines`, () => {
    const files = ["web", "worker", "schema", "dev"].flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: readFileSync(join(root, file), "utf8").split("\n").length }))
      .filter(({ lines }) => lines > maxLines);
    expect(long).toEqual([]);
  });
});
