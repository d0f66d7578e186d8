// The WebKit driver (dev/engines/webkit.ts) starts its driver and browser again when a new
// session never comes, as happened once on a busy CI machine (ADR 046): here the first MiniBrowser
// hangs, and the page still opens, in a real WebKitWebDriver and MiniBrowser on Xvfb.
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { launchWebkit, miniBrowserPath } from "#dev/engines/webkit.ts";

const folder = mkdtempSync(join(tmpdir(), "webkit-driver-"));
afterEach(() => rmSync(join(folder, "started-once"), { force: true }));

/** A MiniBrowser that hangs the first time it is started, then is the real one. */
function hangsOnce(): string {
  const path = join(folder, "minibrowser");
  writeFileSync(
    path,
    `#!/bin/sh
if [ ! -e "${folder}/started-once" ]; then
  touch "${folder}/started-once"
  exec sleep 600
fi
exec "${miniBrowserPath}" "$@"
`,
  );
  chmodSync(path, 0o755);
  return path;
}

describe("the WebKit driver", () => {
  it("opens a page after a session that never came, by starting the driver again", async () => {
    const browser = await launchWebkit({ miniBrowser: hangsOnce(), sessionTimeoutMs: 5000 });
    try {
      const page = await browser.newPage();
      expect(await page.evaluate((n: number) => n + 1, 41)).toBe(42);
      await page.close();
    } finally {
      await browser.close();
    }
    expect(existsSync(join(folder, "started-once"))).toBe(true);
  }, 60_000);

  it("gives up when the second session does not come either", async () => {
    const hangs = join(folder, "hangs");
    writeFileSync(hangs, "#!/bin/sh\nexec sleep 600\n");
    chmodSync(hangs, 0o755);
    const browser = await launchWebkit({ miniBrowser: hangs, sessionTimeoutMs: 2000 });
    try {
      await expect(browser.newPage()).rejects.toThrow(/timeout|aborted/i);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
