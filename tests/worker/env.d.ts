import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Test-only bindings set in vitest.config.ts. */
      TEST_MIGRATIONS: D1Migration[];
      /** The real local Icecast station (base URL) and its helper (next-track, /rotate, feed control). */
      ICECAST_URL: string;
      STATION_HELPER_URL: string;
      /** The local server answering in third-party formats (tests/worker/fakes/). */
      FAKES_URL: string;
    }
  }
}
