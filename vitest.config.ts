import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { webkitSessionGone } from "./dev/engines/webkit-session.ts";
import { parseEnvFile } from "./dev/env-file.ts";
import { rewindSiteVars } from "./dev/local-site.ts";
import { testFilesByProject } from "./dev/test-projects.ts";

// Four layers: the worker inside workerd with the real migrations, the web app in jsdom, the
// operator's scripts (dev/) in Node, and end-to-end specs driving Chromium against `wrangler dev`
// and the local Icecast station. The worker and end-to-end layers are split into projects that
// dev/run-tests.ts runs as lanes (ADR 022); a file names its project in its opening comment
// (`// @project worker-station`, dev/test-projects.ts), or is its folder's.

/**
 * The worker test files by project: `worker-station` holds those that move the local station or assert
 * what it plays across reads (ADR 022), `worker` the rest.
 */
const workerFiles = testFilesByProject({
  root: import.meta.dirname,
  dir: "tests/worker",
  suffix: ".test.ts",
  folderProject: "worker",
  projects: ["worker-station"],
});

/**
 * The browser specs by lane: those that measure time run when nothing else loads the machine
 * (ADR 022), in two lanes side by side, then the two that hold a tone or a title to 100 ms, alone;
 * the listener's journeys in Chromium, Firefox and WebKit (ADR 031); the rewind journey, last, on a
 * site recording since the run began (ADR 046); and the long runs (Firefox playing 10 minutes),
 * a project only when asked for (`npm run test:soak` sets VITEST_SOAK), never part of `npm test`
 * or a plain `npx vitest run`.
 */
const e2eFiles = testFilesByProject({
  root: import.meta.dirname,
  dir: "tests/e2e",
  suffix: ".spec.ts",
  folderProject: "e2e",
  projects: ["e2e-timing-1", "e2e-timing-2", "e2e-timing-3", "e2e-engines", "e2e-rewind", "soak"],
});
const e2eFilesOf = (project: string) => e2eFiles.get(project) ?? [];
const taggedE2eFiles = [...e2eFiles].flatMap(([project, files]) => (project === "e2e" ? [] : files));

/** A project of worker tests inside workerd, with the real migrations and a local station of its own. */
function workerProject(
  name: string,
  files: { include?: string[]; exclude?: string[]; serial?: boolean },
  migrations: Awaited<ReturnType<typeof readD1Migrations>>,
) {
  return {
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
            STREAM_URL_HD: `${inject("icecastUrl")}/hd`,
            STREAM_URL_SD: `${inject("icecastUrl")}/sd`,
            STREAM_URL_MOBILE: `${inject("icecastUrl")}/mobile`,
            // The rewind recorders record where a test asks (tests/worker/rewind-recorder.test.ts),
            // never in the background of another test.
            REWIND_MINUTES: "0",
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
      name,
      globalSetup: ["tests/worker/global-setup.ts"],
      // sanitize-html is CommonJS: pre-bundle it for workerd.
      deps: { optimizer: { ssr: { enabled: true, include: ["sanitize-html"] } } },
      // Serial files run with the end-to-end ones, one file at a time.
      sequence: { groupOrder: files.serial ? 1 : 0 },
      include: files.include ?? ["tests/worker/**/*.test.ts"],
      exclude: files.exclude,
      fileParallelism: !files.serial,
      // One runner per worker for all its files: a runner of its own per file cost each file about
      // a second of module loading and migrations, three quarters of the worker project's time.
      // Each file still starts from empty storage (tests/worker/setup.ts; ADR 046). The station's
      // files keep a runner each: the live room's state is kept in the isolate for a second
      // (worker/live/index.ts), and one file's room then answered for the next's.
      isolate: files.serial === true,
      // Beside the other lanes (dev/run-tests.ts) a file of 150 requests takes more than 5 s.
      testTimeout: 20_000,
      setupFiles: ["tests/worker/setup.ts"],
    },
  };
}

/**
 * A project of browser specs against `wrangler dev` and a local station of its own, one file at a
 * time. `stationRotateSeconds`: how often that station changes its title by itself (default 20 s).
 */
function e2eProject(
  name: string,
  files: {
    include?: string[];
    exclude?: string[];
    groupOrder: number;
    stationRotateSeconds?: number;
    siteVars?: Record<string, string>;
  },
) {
  return {
    test: {
      name,
      provide: {
        ...(files.stationRotateSeconds ? { stationRotateSeconds: files.stationRotateSeconds } : {}),
        ...(files.siteVars ? { siteVars: files.siteVars } : {}),
      },
      environment: "node",
      include: files.include ?? ["tests/e2e/**/*.spec.ts"],
      exclude: files.exclude,
      globalSetup: ["tests/e2e/global-setup.ts"],
      sequence: { groupOrder: files.groupOrder },
      testTimeout: 60_000,
      hookTimeout: 60_000,
      fileParallelism: false,
      // A WebKit page that crashed or hung under the test (WebKitWebDriver then drops its session)
      // is the engine's failure, not the site's: that test runs once more, in a new session of
      // its own. Any other failure stands (ADR 053).
      retry: { count: 1, condition: webkitSessionGone },
    },
  };
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations("schema/migrations");
  return {
    test: {
      // The worker's one JSON line per request (worker/lib/request-log.ts) would bury the
      // output; tests/worker/request-log.test.ts reads those lines through its own spies.
      onConsoleLog: (log: string) => !log.includes('"msg":"request"'),
      // On this 2-core machine vitest's default is one file at a time; the worker files spend
      // much of their time waiting on workerd and the station, so three overlap well (ADR 022).
      maxWorkers: 3,
      projects: [
        workerProject("worker", { exclude: workerFiles.get("worker-station") }, migrations),
        // Files that move the shared local station (rotations) or hold it to what it played between
        // two reads: one at a time, on a station of their own.
        workerProject(
          "worker-station",
          { include: workerFiles.get("worker-station"), serial: true },
          migrations,
        ),
        {
          plugins: [react()],
          test: {
            name: "web",
            sequence: { groupOrder: 0 },
            environment: "jsdom",
            // Beside the station's worker files (dev/run-tests.ts) a jsdom render of a hundred rows
            // or a list's re-read passed 5 s in clean-clone runs: a bound, not a measurement.
            testTimeout: 15_000,
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
        e2eProject("e2e", {
          exclude: taggedE2eFiles,
          groupOrder: 1,
        }),
        e2eProject("e2e-engines", { include: e2eFilesOf("e2e-engines"), groupOrder: 1 }),
        // Specs that hold the site to timings (a title within 3 s, a tone within 100 ms, a step
        // down on a slow network): last, with the machine's cores to themselves.
        // The last lane measures each change it makes (POST /rotate): its station changes only then,
        // or a change of its own a second after the test's is heard in its place.
        ...[1, 2, 3].map((lane) =>
          e2eProject(`e2e-timing-${lane}`, {
            include: e2eFilesOf(`e2e-timing-${lane}`),
            groupOrder: lane < 3 ? 2 : 3,
            ...(lane === 3 ? { stationRotateSeconds: 24 * 60 * 60 } : {}),
          }),
        ),
        // Its site records the stream for rewind (ADR 040), as a deployed one does; under
        // `npm test` it starts with the run (dev/run-tests.ts).
        e2eProject("e2e-rewind", {
          include: e2eFilesOf("e2e-rewind"),
          groupOrder: 4,
          siteVars: rewindSiteVars,
        }),
        ...(process.env.VITEST_SOAK
          ? [e2eProject("soak", { include: e2eFilesOf("soak"), groupOrder: 5 })]
          : []),
      ],
    },
  };
});
