// `npm run deploy` with wrangler's answers stubbed: what it checks before changing anything, and
// the order in which it changes things (dev/deploy/deploy.ts).
import { describe, expect, it } from "vitest";
import {
  type DeployConfig,
  deploy,
  parseDeployArgs,
  type RunResult,
  type Tools,
} from "#dev/deploy/deploy.ts";
import { configIssues } from "#worker/lib/config.ts";

const ok = (stdout = ""): RunResult => ({ code: 0, stdout, stderr: "" });
const failed = (stderr: string): RunResult => ({ code: 1, stdout: "", stderr });

const liveVars: Record<string, string> = {
  SITE_URL: "https://radio.lounge.fm",
  STREAM_URL_HD: "https://stream.lounge.fm/hd",
  STREAM_URL_SD: "https://stream.lounge.fm/sd",
  STREAM_URL_MOBILE: "https://stream.lounge.fm/mobile",
  RADIO_SOURCE: "icecast",
  RADIO_METADATA_URL: "https://stream.lounge.fm",
  MAIL_PROVIDER: "resend",
  MAIL_FROM: "Lounge Radio <no-reply@lounge.fm>",
  DEBUG_LOGIN_LINKS: "false",
};
const allSecrets = JSON.stringify(
  ["ADMIN_PASSWORD_HASH", "AUTH_PEPPER", "RESEND_API_KEY"].map((name) => ({ name, type: "secret_text" })),
);

type Account = {
  loggedIn?: boolean;
  secrets?: RunResult;
  databaseExists?: boolean;
  /** What `wrangler d1 info` answers when it fails. */
  infoError?: string;
  vars?: Record<string, string>;
  failing?: string;
};

/** A Cloudflare account as wrangler answers for it; `calls` lists every command run, in order. */
function account(state: Account = {}) {
  const calls: string[] = [];
  const lines: string[] = [];
  const answer = (command: string): RunResult => {
    if (state.failing && command.startsWith(state.failing)) return failed(`${state.failing} failed`);
    if (command.startsWith("wrangler whoami")) {
      return state.loggedIn === false ? failed('{"loggedIn":false}') : ok('{"loggedIn":true}');
    }
    if (command.startsWith("wrangler secret list")) return state.secrets ?? ok(allSecrets);
    if (command.startsWith("wrangler d1 info")) {
      if (state.infoError) return failed(state.infoError);
      return state.databaseExists === false ? failed("Couldn't find a D1 DB named 'x'") : ok("{}");
    }
    return ok();
  };
  const tools: Tools = {
    wrangler: async (args) => {
      calls.push(`wrangler ${args.join(" ")}`);
      return answer(`wrangler ${args.join(" ")}`);
    },
    npm: async (args) => {
      calls.push(`npm ${args.join(" ")}`);
      return answer(`npm ${args.join(" ")}`);
    },
    readConfig: (env): DeployConfig => ({
      workerName: env ? `lounge-radio-${env}` : "lounge-radio",
      databaseName: env ? `lounge-radio-${env}` : "lounge-radio",
      vars: state.vars ?? liveVars,
    }),
    configIssues,
    log: (line) => lines.push(line),
  };
  const changes = () => calls.filter((c) => !/whoami|secret list|d1 info|--dry-run/.test(c));
  return { tools, calls, lines, changes, output: () => lines.join("\n") };
}

describe("npm run deploy: the checks before anything changes", () => {
  it("stops when nobody is logged in, naming wrangler login and CLOUDFLARE_API_TOKEN", async () => {
    const site = account({ loggedIn: false });
    expect(await deploy(site.tools, { dryRun: false })).toBe(1);
    expect(site.output()).toContain("Nothing was changed");
    expect(site.output()).toContain("npx wrangler login");
    expect(site.output()).toContain("CLOUDFLARE_API_TOKEN");
    expect(site.changes()).toEqual([]);
  });

  it("names every missing secret with the command that sets it, in the chosen environment", async () => {
    const site = account({ secrets: ok(JSON.stringify([{ name: "AUTH_PEPPER", type: "secret_text" }])) });
    expect(await deploy(site.tools, { env: "staging", dryRun: false })).toBe(1);
    expect(site.output()).toContain("npx wrangler secret put ADMIN_PASSWORD_HASH --env staging");
    expect(site.output()).toContain("npx wrangler secret put RESEND_API_KEY --env staging");
    expect(site.output()).not.toContain("secret put AUTH_PEPPER");
    expect(site.calls).toContain("wrangler secret list --format json --env staging");
    expect(site.changes()).toEqual([]);
  });

  it("counts a Worker that was never deployed as having no secrets", async () => {
    const site = account({ secrets: failed("This Worker does not exist on your account. [code: 10007]") });
    expect(await deploy(site.tools, { dryRun: false })).toBe(1);
    for (const name of ["ADMIN_PASSWORD_HASH", "AUTH_PEPPER", "RESEND_API_KEY"]) {
      expect(site.output()).toContain(`npx wrangler secret put ${name}`);
    }
  });

  it("refuses what the worker itself would refuse at its first request, naming the variable", async () => {
    const site = account({
      vars: { ...liveVars, MAIL_PROVIDER: "log", DEBUG_LOGIN_LINKS: "true", LIVE_SHARDS: "0" },
    });
    expect(await deploy(site.tools, { env: "staging", dryRun: false })).toBe(1);
    expect(site.output()).toContain("MAIL_PROVIDER may be log only when SITE_URL is a loopback address");
    expect(site.output()).toContain("DEBUG_LOGIN_LINKS may be true only when SITE_URL is a loopback address");
    expect(site.output()).toContain("LIVE_SHARDS");
    expect(site.output()).toContain("fix it in wrangler.toml [env.staging.vars]");
    expect(site.changes()).toEqual([]);
  });

  it("passes the checks with every variable and secret in place", async () => {
    const site = account();
    expect(await deploy(site.tools, { dryRun: true })).toBe(0);
    expect(site.output()).not.toContain("Nothing was changed");
  });

  it("refuses variables that still name an example host", async () => {
    const site = account({
      vars: { ...liveVars, SITE_URL: "https://lounge-radio.example", MAIL_FROM: "R <no-reply@example.com>" },
    });
    expect(await deploy(site.tools, { dryRun: false })).toBe(1);
    expect(site.output()).toContain('SITE_URL is still the example value "https://lounge-radio.example"');
    expect(site.output()).toContain("MAIL_FROM is still the example value");
    expect(site.output()).not.toContain("STREAM_URL_HD");
    expect(site.changes()).toEqual([]);
  });
});

describe("npm run deploy: the order of the changes", () => {
  it("on a fresh account creates the database and migrates it before the Worker is deployed", async () => {
    const site = account({ databaseExists: false });
    expect(await deploy(site.tools, { dryRun: false })).toBe(0);
    expect(site.changes()).toEqual([
      "npm run build",
      "wrangler d1 create lounge-radio",
      "wrangler d1 migrations apply DB --remote",
      "wrangler deploy",
    ]);
  });

  it("run again, leaves the existing database and applies only what migrations are new", async () => {
    const site = account();
    expect(await deploy(site.tools, { env: "staging", dryRun: false })).toBe(0);
    expect(site.changes()).toEqual([
      "npm run build",
      "wrangler d1 migrations apply DB --remote --env staging",
      "wrangler deploy --env staging",
    ]);
    expect(site.calls).toContain("wrangler d1 info lounge-radio-staging --json --env staging");
  });

  it("stops, changing nothing, when the database cannot be looked up (not: creates it again)", async () => {
    const site = account({ infoError: "Authentication error [code: 10000]" });
    expect(await deploy(site.tools, { dryRun: false })).toBe(1);
    expect(site.output()).toContain("Could not look up the D1 database lounge-radio: Authentication error");
    expect(site.changes()).toEqual([]);
  });

  it("never deploys the Worker when the migrations fail", async () => {
    const site = account({ failing: "wrangler d1 migrations apply" });
    expect(await deploy(site.tools, { dryRun: false })).toBe(1);
    expect(site.calls).not.toContain("wrangler deploy");
    expect(site.output()).toContain("Running `npm run deploy` again is safe");
  });

  it("with --dry-run, shows the plan and bundles the Worker, changing nothing", async () => {
    const site = account({ databaseExists: false });
    expect(await deploy(site.tools, { dryRun: true })).toBe(0);
    expect(site.changes()).toEqual([]);
    expect(site.calls).toContain("wrangler deploy --dry-run");
    expect(site.output()).toMatch(
      /1\. build the site\n {2}2\. create the D1 database lounge-radio\n {2}3\. apply/,
    );
  });
});

describe("npm run deploy: arguments", () => {
  it("takes --env NAME, --env=NAME and --dry-run, and refuses anything else", () => {
    expect(parseDeployArgs([])).toEqual({ dryRun: false });
    expect(parseDeployArgs(["--env", "staging", "--dry-run"])).toEqual({ env: "staging", dryRun: true });
    expect(parseDeployArgs(["--env=staging"])).toEqual({ env: "staging", dryRun: false });
    expect(parseDeployArgs(["--env"])).toMatch(/^Unknown argument --env\. Usage/);
    expect(parseDeployArgs(["--force"])).toMatch(/^Unknown argument --force/);
  });
});
