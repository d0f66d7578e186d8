// A test file names its vitest project in its opening comment, or is its folder's
// (dev/test-projects.ts, ADR 046).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { taggedProject, testFilesByProject } from "#dev/test-projects.ts";

describe("a test file's project", () => {
  it("is the one its opening comment names on a line of its own, with or without a reason", () => {
    expect(taggedProject("// What it tests.\n// @project worker-station\nimport x from 'y';\n")).toBe(
      "worker-station",
    );
    expect(taggedProject("// @project e2e-timing-1: it measures time (ADR 022).\nimport x from 'y';\n")).toBe(
      "e2e-timing-1",
    );
  });

  it("is none for a file without a tag, or one that mentions a tag inside a line", () => {
    expect(taggedProject("// What it tests.\nimport x from 'y';\n")).toBeUndefined();
    expect(taggedProject("// see `// @project worker-station` in the docs\n")).toBeUndefined();
    expect(taggedProject("")).toBeUndefined();
  });

  it("refuses a tag that is misspelt or not in the opening comment, rather than ignore it", () => {
    expect(() => taggedProject("// @project worker station\n")).toThrow(/line 1 is not a tag/);
    expect(() => taggedProject("//@project worker-station (ADR 022)\n")).toThrow(/line 1 is not a tag/);
    expect(() => taggedProject("import x from 'y';\n// @project worker-station\n")).toThrow(
      /line 2 is not a tag/,
    );
    expect(() => taggedProject("// What it tests.\n\n// @project worker-station\n")).toThrow(
      /line 3 is not a tag/,
    );
  });
});

describe("the test files by project", () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  function folder(files: Record<string, string>): string {
    root = mkdtempSync(join(tmpdir(), "test-projects-"));
    for (const [name, source] of Object.entries(files)) {
      mkdirSync(join(root, "tests/worker", name, ".."), { recursive: true });
      writeFileSync(join(root, "tests/worker", name), source);
    }
    return root;
  }

  it("puts a tagged file under its project, any other under the folder's, subfolders included", () => {
    const byProject = testFilesByProject({
      root: folder({
        "a.test.ts": "// @project worker-station\n",
        "b.test.ts": "// plain\n",
        "deep/c.test.ts": "// @project worker-station: it rotates\n",
        "helper.ts": "// @project worker-station\n",
      }),
      dir: "tests/worker",
      suffix: ".test.ts",
      folderProject: "worker",
      projects: ["worker-station"],
    });
    expect(Object.fromEntries(byProject)).toEqual({
      worker: ["tests/worker/b.test.ts"],
      "worker-station": ["tests/worker/a.test.ts", "tests/worker/deep/c.test.ts"],
    });
  });

  it("refuses a project it does not know, so a misspelt tag leaves no file in no lane", () => {
    const options = {
      root: folder({ "a.test.ts": "// @project worker-statoin\n" }),
      dir: "tests/worker",
      suffix: ".test.ts",
      folderProject: "worker",
      projects: ["worker-station"],
    };
    expect(() => testFilesByProject(options)).toThrow(
      /tests\/worker\/a\.test\.ts names the project "worker-statoin"/,
    );
  });

  it("finds this repository's station files under worker-station", () => {
    const byProject = testFilesByProject({
      root: resolve(import.meta.dirname, "../.."),
      dir: "tests/worker",
      suffix: ".test.ts",
      folderProject: "worker",
      projects: ["worker-station"],
    });
    expect(byProject.get("worker-station")).toContain("tests/worker/live-room.test.ts");
    expect(byProject.get("worker")).toContain("tests/worker/favorites.test.ts");
  });
});
