// V8's explicit compile hint (Chrome 136 and later, ADR 052): a script whose first line is
// `//# allFunctionsCalledOnLoad` has all its functions compiled as it streams in, on a background
// thread. Without it V8 compiles a function on the main thread the first time it runs, and as the
// page starts nearly everything in the entry runs once: React, the shell, the player. That
// compiling was a large part of the start's long tasks on a slow phone (issue 41). Only the
// scripts every page runs at start carry it: compiling a chunk whose code mostly waits would cost
// memory and background time for nothing. Other engines read it as a comment.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Plugin } from "vite";

export const compileHint = "//# allFunctionsCalledOnLoad\n";

/**
 * Puts the hint on the entry and on the chunks named `chunks`, in the files as written: Vite adds
 * its preload helper at the top of a chunk after the other plugins' bundle hooks.
 */
export function compileHints(chunks: readonly string[]): Plugin {
  return {
    name: "compile-hints",
    apply: "build",
    enforce: "post",
    async writeBundle({ dir }, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk" || !(file.isEntry || chunks.includes(file.name)) || !dir) continue;
        const path = join(dir, file.fileName);
        const code = await readFile(path, "utf8");
        if (!code.startsWith(compileHint)) await writeFile(path, compileHint + code);
      }
    },
  };
}
