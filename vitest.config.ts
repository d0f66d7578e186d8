import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { parseEnvFile } from "./dev/env-file.ts";

// Four layers: the worker inside workerd with the real migrations, the web app in jsdom, the
// operator's scripts (dev/) in Node, and end-to-end specs driving Chromium against `wrangler dev`
// and the local Icecast station.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("schema/migrations");
  return {
    test: {
      // The worker's one JSON line per request (worker/lib/request-log.ts) would bury the
      // output; tests/worker/request-log.test.ts reads those lines through its own spies.
      onConsoleLog: (log: string) => !log.includes('"msg":"request"'),
      projects: [
        {
          plugins: [
            cloudflareTest(({ inject }) => ({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  ...parseEnvFile("dev/local.env"),
                  // The radio host is the real local Icecast station started by the global setup.
                  RADIO_METADATA_URL: inject("icecastUrl"),
                  NEXT_TRACK_URL: `${inject("stationHelperUrl")}/next-track`,
                  // Covers are looked up where a test asks for it (tests/worker/artwork.test.ts), so
                  // no background lookup adds a version to another test's live room.
                  ARTWORK_PROVIDER: "none",
                  MUSICBRAINZ_URL: `${inject("stationHelperUrl")}/musicbrainz`,
                  COVER_ART_ARCHIVE_URL: `${inject("stationHelperUrl")}/coverartarchive`,
                  ICECAST_URL: inject("icecastUrl"),
                  STATION_HELPER_URL: inject("stationHelperUrl"),
                  // The live room reads the host when a test says so (pollNow), not on its own.
                  LIVE_POLL_SECONDS: "3600",
                  // Tests read what they just wrote; the isolate's cache has tests of its own.
                  PUBLIC_CACHE_SECONDS: "0",
                  FAKES_URL: inject("fakesUrl"),
                  TEST_MIGRATIONS: migrations,
                },
              },
            })),
          ],
          test: {
            name: "worker",
            globalSetup: ["tests/worker/global-setup.ts"],
            // sanitize-html is CommonJS: pre-bundle it for workerd.
            deps: { optimizer: { ssr: { enabled: true, include: ["sanitize-html"] } } },
            sequence: { groupOrder: 0 },
            include: ["tests/worker/**/*.test.ts"],
            setupFiles: ["tests/worker/setup.ts"],
          },
        },
        {
          plugins: [react()],
          test: {
            name: "web",
            sequence: { groupOrder: 0 },
            environment: "jsdom",
            include: ["tests/web/**/*.test.{ts,tsx}"],
            setupFiles: ["tests/web/support/setup.ts"],
          },
        },
        {
          test: {
            name: "dev",
            environment: "node",
            sequence: { groupOrder: 0 },
            include: ["tests/dev/**/*.test.ts"],
          },
        },
        {
          test: {
            name: "e2e",
            environment: "node",
            include: ["tests/e2e/**/*.spec.ts"],
            globalSetup: ["tests/e2e/global-setup.ts"],
            // After the worker and web projects, so the browser has the machine's cores to itself.
            sequence: { groupOrder: 1 },
            testTimeout: 60_000,
            hookTimeout: 60_000,
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
