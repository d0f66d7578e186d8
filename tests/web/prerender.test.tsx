// @vitest-environment node
// The build prerenders the public routes with React's server renderer: every screen and
// the shell (player bar, dialogs included) must render without a browser.
import { describe, expect, it } from "vitest";
import { station } from "#schema/station.ts";
import { prerenderedRoutes, renderRoute } from "#web/entry-server.tsx";

describe("prerender", () => {
  it.each(prerenderedRoutes)(
    "renders %s without a browser, with its own title and the shell",
    async (route) => {
      const page = await renderRoute(route);
      expect(page.html).toContain('aria-label="Main"');
      expect(page.html).toContain("<footer");
      expect(page.title).toContain(station.name);
      expect(page.description.length).toBeGreaterThan(0);
    },
  );

  it("renders the loading states, since no data exists at build time", async () => {
    const home = await renderRoute("/");
    expect(home.html).toContain("Start Listening");
    expect(home.html).toContain("Start listening to see what&#x27;s playing");
    expect(home.html).toContain("Loading upcoming track...");
    const about = await renderRoute("/about");
    expect(about.html.replaceAll("<!-- -->", "")).toContain(`<h1>About ${station.name}</h1>`);
    expect(about.title).toBe(`About | ${station.name}`);
  });
});
