import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, root, startWithRetry } from "#dev/local-site.ts";
import { installHint, missingStationTools, startStation } from "#dev/station/station.ts";

/** The real local Icecast station on free ports, for the radio adapter and route tests. */
export function startSiteStation() {
  const missing = missingStationTools();
  if (missing.length > 0)
    throw new Error(`Worker tests need the local station (missing ${missing.join(", ")}). ${installHint}`);
  return startWithRetry("the worker tests' station", startOnFreePorts);
}

async function startOnFreePorts() {
  const [icecastPort, helperPort] = await Promise.all([freePort(), freePort()]);
  mkdirSync(join(root, ".station"), { recursive: true });
  const envFile = join(root, `.station/worker-tests-${process.pid}-${icecastPort}.env`);
  writeFileSync(
    envFile,
    readFileSync(join(root, "dev/local.env"), "utf8")
      .replaceAll("127.0.0.1:8000", `127.0.0.1:${icecastPort}`)
      .replaceAll("127.0.0.1:8001", `127.0.0.1:${helperPort}`),
  );
  // Titles change only when a test asks (POST /rotate), never under a test's feet.
  const station = await startStation({ envFile, rotateSeconds: 24 * 60 * 60, log: () => {} }).catch((err) => {
    rmSync(envFile, { force: true });
    throw err;
  });
  return {
    ...station,
    stop: async () => {
      await station.stop();
      rmSync(envFile, { force: true });
    },
  };
}
