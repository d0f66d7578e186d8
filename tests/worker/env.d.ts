import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Test-only binding set in vitest.config.ts. */
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
