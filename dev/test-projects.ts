// Which vitest project runs a test file (vitest.config.ts, ADR 046): the one its opening comment
// names on a line of its own (`// @project worker-station: why`), or else its folder's. A file says
// itself that it moves the station or measures time; no list elsewhere has to be kept in step.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** `// @project name`, alone or followed by a colon and why. */
const tag = /^\/\/ @project ([\w-]+)(?:[ \t]*|:.*)$/m;

/** A line that means to be a tag, well written or not. */
const tagLike = /^\s*\/\/\s*@project\b/;

/**
 * The project a file's opening comment names, if it names one. A line anywhere that looks like a tag
 * but is not one in the opening comment (misspelt, or after the first line of code) is an error:
 * it would leave its file in its folder's project without a word.
 */
export function taggedProject(source: string): string | undefined {
  const lines = source.split("\n");
  const openingLength = lines.findIndex((line) => !line.startsWith("//"));
  let project: string | undefined;
  lines.forEach((line, index) => {
    if (!tagLike.test(line)) return;
    const named = tag.exec(line)?.[1];
    const inOpening = openingLength === -1 || index < openingLength;
    if (!named || !inOpening)
      throw new Error(
        `line ${index + 1} is not a tag in the opening comment ("// @project name: why"): ${line.trim()}`,
      );
    project = named;
  });
  return project;
}

/**
 * The test files of `dir` (under `root`, names ending in `suffix`) by project: each under the project
 * its opening comment names, the others under `folderProject`. A named project not in `projects`
 * is an error, so a misspelt tag cannot leave its file in no lane.
 */
export function testFilesByProject(options: {
  root: string;
  dir: string;
  suffix: string;
  folderProject: string;
  projects: readonly string[];
}): Map<string, string[]> {
  const { root, dir, suffix, folderProject, projects } = options;
  const byProject = new Map<string, string[]>([folderProject, ...projects].map((name) => [name, []]));
  const files = readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(suffix))
    .map((name) => `${dir}/${name.split("\\").join("/")}`)
    .sort();
  for (const file of files) {
    let project: string;
    try {
      project = taggedProject(readFileSync(join(root, file), "utf8")) ?? folderProject;
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
    const list = byProject.get(project);
    if (!list)
      throw new Error(`${file} names the project "${project}", which is none of ${projects.join(", ")}`);
    list.push(file);
  }
  return byProject;
}
