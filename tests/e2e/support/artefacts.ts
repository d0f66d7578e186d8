// What a failing end-to-end test leaves in test-results/: a screenshot and the page's console log,
// named after the file and the test; the end of the log also goes to the output, which CI keeps.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestContext } from "vitest";
import { root } from "#dev/local-site.ts";

function fileSafe(name: string): string {
  return name
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 120);
}

/** Keeps what the page showed and logged when `context`'s test failed; does nothing otherwise. */
export async function keepFailure(
  context: TestContext,
  page: { screenshot: (path: string) => Promise<unknown>; consoleLines: string[] },
): Promise<void> {
  if (context.task.result?.state !== "fail") return;
  const dir = join(root, "test-results");
  mkdirSync(dir, { recursive: true });
  // The file, its describe blocks and the test: "journeys.spec.ts > a listener in firefox > …".
  const name = fileSafe(context.task.fullName.replace(/^tests\/e2e\//, ""));
  await page.screenshot(join(dir, `${name}.png`)).catch(() => {});
  writeFileSync(join(dir, `${name}.console.log`), page.consoleLines.join("\n"));
  console.error(`the page's console, last lines:\n${page.consoleLines.slice(-30).join("\n")}`);
}
