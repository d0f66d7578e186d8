// The build's compile hint (ADR 052): the entry and the startup chunk start with V8's magic
// comment, so Chromium compiles them as they stream in; the other chunks are left as they are.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compileHint, compileHints } from "#dev/compile-hints.ts";

let dir = "";
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const chunk = (fileName: string, name: string, isEntry = false) => ({
  type: "chunk",
  fileName,
  name,
  isEntry,
});

/** The plugin's writeBundle hook over `dir`, as Vite calls it once the files are written. */
async function writeBundle(bundle: Record<string, unknown>) {
  const hook = compileHints(["startup"]).writeBundle as (
    options: { dir: string },
    bundle: unknown,
  ) => Promise<void>;
  await hook.call({}, { dir }, bundle);
}

async function build(files: Record<string, string>, bundle: Record<string, unknown>) {
  dir = await mkdtemp(join(tmpdir(), "compile-hints-"));
  for (const [name, code] of Object.entries(files)) await writeFile(join(dir, name), code);
  await writeBundle(bundle);
  const read = async (name: string) => readFile(join(dir, name), "utf8");
  return read;
}

describe("compileHints", () => {
  it("puts V8's hint on the first line of the entry and the startup chunk, and on no other chunk or file", async () => {
    const read = await build(
      {
        "index-a.js": "const a=1;",
        "startup-b.js": "export const b=2;",
        "admin-c.js": "export const c=3;",
        "app.css": "a{}",
      },
      {
        "index-a.js": chunk("index-a.js", "index", true),
        "startup-b.js": chunk("startup-b.js", "startup"),
        "admin-c.js": chunk("admin-c.js", "admin"),
        "app.css": { type: "asset", fileName: "app.css", name: "app.css" },
      },
    );
    expect(compileHint).toBe("//# allFunctionsCalledOnLoad\n");
    expect(await read("index-a.js")).toBe(`${compileHint}const a=1;`);
    expect(await read("startup-b.js")).toBe(`${compileHint}export const b=2;`);
    expect(await read("admin-c.js")).toBe("export const c=3;");
    expect(await read("app.css")).toBe("a{}");
  });

  it("adds it once, should the hook run again over the same files", async () => {
    const bundle = { "index-a.js": chunk("index-a.js", "index", true) };
    const read = await build({ "index-a.js": "const a=1;" }, bundle);
    await writeBundle(bundle);
    expect(await read("index-a.js")).toBe(`${compileHint}const a=1;`);
  });
});
