// The WebKit driver (dev/engines/webkit.ts) starts its driver and browser again when a new
// session never comes, as happened once on a busy CI machine (ADR 046): here the first MiniBrowser
// hangs, and the page still opens, in a real WebKitWebDriver and MiniBrowser on Xvfb.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { launchWebkit, miniBrowserPath } from "#dev/engines/webkit.ts";

const folder = mkdtempSync(join(tmpdir(), "webkit-driver-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * A MiniBrowser stand-in that notes each start in `name`.starts and hangs for its first `hangs`
 * starts; after those it is the real one.
 */
function standIn(name: string, hangs: number): { path: string; starts: () => number } {
  const path = join(folder, name);
  const starts = `${path}.starts`;
  writeFileSync(
    path,
    `#!/bin/sh
echo started >> "${starts}"
if [ "$(wc -l < "${starts}")" -le ${hangs} ]; then exec sleep 600; fi
exec "${miniBrowserPath}" "$@"
`,
  );
  chmodSync(path, 0o755);
  return {
    path,
    starts: () => (existsSync(starts) ? readFileSync(starts, "utf8").split("\n").length - 1 : 0),
  };
}

describe("the WebKit driver", () => {
  it("opens a page after a session that never came, by starting the driver and browser again", async () => {
    const browser = standIn("hangs-once", 1);
    const webkit = await launchWebkit({ miniBrowser: browser.path, sessionTimeoutMs: 10_000 });
    try {
      const page = await webkit.newPage();
      expect(await page.evaluate((n: number) => n + 1, 41)).toBe(42);
      await page.close();
    } finally {
      await webkit.close();
    }
    expect(browser.starts()).toBe(2);
  }, 60_000);

  it("asks once more only: a second session that does not come either is an error", async () => {
    const browser = standIn("hangs-always", 10);
    const webkit = await launchWebkit({ miniBrowser: browser.path, sessionTimeoutMs: 2000 });
    try {
      await expect(webkit.newPage()).rejects.toThrow(/timeout|aborted/i);
    } finally {
      await webkit.close();
    }
    expect(browser.starts()).toBe(2);
  }, 60_000);
});
