// Which vitest project runs a test file (vitest.config.ts, ADR 046): the one its opening comment
// names on a line of its own (`// @project worker-station: why`), or else its folder's. A file says
// itself that it moves the station or measures time; no list elsewhere has to be kept in step.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** `// @project name`, alone or followed by a colon and why. */
const tag = /^\/\/ @project ([\w-]+)(?:[ \t]*|:.*)$/m;

/** The project a file's opening comment names, if it names one (a tag further down does not count). */
export function taggedProject(source: string): string | undefined {
  const opening: string[] = [];
  for (const line of source.split("\n")) {
    if (!line.startsWith("//")) break;
    opening.push(line);
  }
  return tag.exec(opening.join("\n"))?.[1];
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
    const project = taggedProject(readFileSync(join(root, file), "utf8")) ?? folderProject;
    const list = byProject.get(project);
    if (!list)
      throw new Error(`${file} names the project "${project}", which is none of ${projects.join(", ")}`);
    list.push(file);
  }
  return byProject;
}
