// The embeddable player on a partner's page (docs/product.md §10): a page on another origin frames
// /embed, and a listener plays the station there and sees the title follow the station, in the
// options the snippet chose, with nothing stored by the frame.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser.ts";
import { stationHelper } from "./support/station.ts";

const browser = setupBrowser();

/** A partner's site: another origin (another port) whose page frames the embed. */
let partner: Server;
let partnerUrl = "";

beforeAll(async () => {
  partner = createServer((_req, res) => {
    const embed = `${browser.baseUrl}/embed?theme=light&accent=ff6600&layout=compact&show=volume,quality`;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><title>A partner</title></head><body>
<h1>Our favourite radio</h1>
<iframe src="${embed}" title="Lounge Radio" width="480" height="120" style="border:0"></iframe>
</body></html>`);
  });
  await new Promise<void>((resolve) => partner.listen(0, "127.0.0.1", resolve));
  partnerUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => partner.close(() => resolve())));

describe("the embeddable player on a partner's page", () => {
  it("plays the station in a frame from another origin and follows a rotation, storing nothing", async () => {
    const { page } = browser;
    expect(new URL(partnerUrl).origin).not.toBe(new URL(browser.baseUrl).origin);
    await page.goto(partnerUrl);
    const frame = page.frameLocator("iframe");
    const play = frame.getByRole("button", { name: "Play" });
    // The button is ready once the embed has the stream configuration.
    await expect.poll(() => play.isEnabled(), { timeout: 10_000 }).toBe(true);

    // The snippet's options: compact, light, the partner's accent, no cover and no link.
    const embed = page.frames().find((f) => f.url().startsWith(`${browser.baseUrl}/embed`));
    if (!embed) throw new Error("the partner's page shows no embed");
    expect(await embed.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    expect(await frame.locator(".embed").getAttribute("data-layout")).toBe("compact");
    expect(await frame.locator(".embed-cover").isHidden()).toBe(true);
    expect(await frame.getByRole("link").isHidden()).toBe(true);
    expect(await frame.getByRole("combobox", { name: "Stream quality" }).isVisible()).toBe(true);
    expect(
      await embed.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--accent")),
    ).toBe("#ff6600");

    await play.click();
    await frame.getByRole("button", { name: "Pause" }).waitFor();
    // Real audio arrives and is decoded: the frame's element plays on.
    await expect
      .poll(() => embed.evaluate(() => document.querySelector("audio")?.currentTime ?? 0), {
        timeout: 20_000,
      })
      .toBeGreaterThan(1);
    expect(await embed.evaluate(() => document.querySelector("audio")?.paused)).toBe(false);

    // The station moves on: the frame shows the new title (in step with what it plays).
    let rotated = (await stationHelper.rotate()).current;
    const title = frame.locator(".embed-title");
    const shown = await expect
      .poll(() => title.textContent(), { timeout: 10_000 })
      .toBe(rotated.title)
      .then(
        () => true,
        () => false,
      );
    if (!shown) {
      // The station's own rotation came between: the frame follows the station, whatever it plays.
      rotated = (await stationHelper.status()).current;
      await expect.poll(() => title.textContent(), { timeout: 10_000 }).toBe(rotated.title);
    }
    expect(await frame.locator(".embed-artist").textContent()).toBe(rotated.artist);

    // Nothing stored: no cookie for the site, no local or session storage in the frame (where the
    // browser lets a frame from another site have storage at all).
    expect(await page.context().cookies(browser.baseUrl)).toEqual([]);
    const stored = await embed.evaluate(() => {
      try {
        return localStorage.length + sessionStorage.length;
      } catch {
        return "no storage for a frame from another site";
      }
    });
    expect([0, "no storage for a frame from another site"]).toContain(stored);

    // Pausing ends the stretch: written through the embed, with the live connection's pass, so
    // the insights count it as heard on a partner's page.
    const written = page.waitForRequest((req) => req.url().endsWith("/api/listening"), { timeout: 10_000 });
    await frame.getByRole("button", { name: "Pause" }).click();
    await play.waitFor();
    const stretch = await written;
    expect(stretch.postDataJSON()).toMatchObject({ via: "embed", ended: true, quality: "hd" });
    expect(stretch.postDataJSON().livePass).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The site recorded it under the frame's own owner id (made for the page, never stored).
    const owner = stretch.postDataJSON().sessionId as string;
    const summary = async () => {
      const res = await fetch(`${browser.baseUrl}/api/listening/${owner}`);
      return ((await res.json()) as { sessions?: number }).sessions;
    };
    await expect.poll(summary, { timeout: 10_000 }).toBe(1);
    expect(await embed.evaluate(() => document.querySelector("audio")?.paused)).toBe(true);
  });
});
