import type { TestProject } from "vitest/node";
import { startSite } from "#dev/local-site.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    stationHelperUrl: string;
    icecastUrl: string;
    /** Set in a project's config (vitest.config.ts): how often its station changes title by itself. */
    stationRotateSeconds?: number;
    /** Set in a project's config: worker variables of its site (beside dev/local.env). */
    siteVars?: Record<string, string>;
  }
}

/** A site started before the lane (dev/run-tests.ts: `TEST_SITE`, its URLs as JSON); run-tests stops it. */
type GivenSite = { baseUrl: string; stationHelperUrl: string; icecastUrl: string };

export default async function setup(project: TestProject) {
  const given = process.env.TEST_SITE;
  if (given) {
    const site = JSON.parse(given) as GivenSite;
    project.provide("baseUrl", site.baseUrl);
    project.provide("stationHelperUrl", site.stationHelperUrl);
    project.provide("icecastUrl", site.icecastUrl);
    return;
  }
  const rotateSeconds = project.config.provide?.stationRotateSeconds;
  const vars = project.config.provide?.siteVars;
  const site = await startSite({ ...(rotateSeconds ? { rotateSeconds } : {}), ...(vars ? { vars } : {}) });
  project.provide("baseUrl", site.baseUrl);
  project.provide("stationHelperUrl", site.stationHelperUrl);
  project.provide("icecastUrl", site.icecastUrl);
  return site.stop;
}
