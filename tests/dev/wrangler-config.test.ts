// What wrangler.toml deploys, read as wrangler reads it, for production and each environment.
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";

const root = resolve(import.meta.dirname, "../..");
const read = (env: string | undefined) =>
  unstable_readConfig({ config: join(root, "wrangler.toml"), env }, {});

describe("wrangler.toml's logging", () => {
  it.each([
    ["production", undefined],
    ["staging", "staging"],
  ])(
    "keeps Workers Logs on for %s without invocation logs, which would record every URL and so a login link's token (ADR 033)",
    (_name, env) => {
      const { observability } = read(env);
      expect(observability?.enabled).toBe(true);
      expect(observability?.logs?.invocation_logs).toBe(false);
    },
  );
});
