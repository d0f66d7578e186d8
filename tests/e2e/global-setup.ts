import type { TestProject } from "vitest/node";
import { startSite } from "#dev/local-site.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    stationHelperUrl: string;
    icecastUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const site = await startSite();
  project.provide("baseUrl", site.baseUrl);
  project.provide("stationHelperUrl", site.stationHelperUrl);
  project.provide("icecastUrl", site.icecastUrl);
  return site.stop;
}
