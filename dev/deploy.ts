// `npm run deploy -- [--env NAME] [--dry-run]`: the one command that puts the site on Cloudflare
// (dev/deploy/deploy.ts; docs/operations.md: Deploy).
import { spawn } from "node:child_process";
import { registerHooks } from "node:module";
import { join, resolve } from "node:path";
import { unstable_readConfig } from "wrangler";
import { type DeployConfig, deploy, parseDeployArgs, type Run } from "./deploy/deploy.ts";

const root = resolve(import.meta.dirname, "..");

/** Runs a command in the checkout; its output is shown unless the caller reads it as JSON. */
function runner(command: string): Run {
  return (args) =>
    new Promise((done) => {
      const quiet = args.includes("--json") || args.includes("--format");
      const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk;
        if (!quiet) process.stdout.write(chunk);
      });
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk;
        if (!quiet) process.stderr.write(chunk);
      });
      child.on("error", (err) => done({ code: 127, stdout, stderr: `${stderr}${err.message}` }));
      child.on("close", (code) => done({ code: code ?? 1, stdout, stderr }));
    });
}

function readConfig(env: string | undefined): DeployConfig {
  const config = unstable_readConfig({ config: join(root, "wrangler.toml"), env }, {});
  const database = config.d1_databases.find((db: { binding: string }) => db.binding === "DB");
  if (!database?.database_name) throw new Error("wrangler.toml has no D1 binding DB with a database_name");
  const vars = Object.fromEntries(Object.entries(config.vars).map(([name, value]) => [name, String(value)]));
  return { workerName: config.name ?? "", databaseName: database.database_name, vars };
}

// The worker's sources import their neighbours without an extension, as its bundler resolves
// them; Node needs the ".ts" said, so this adds it for the worker's configuration parsing below.
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (err) {
      if (!specifier.startsWith(".") || /\.[cm]?[jt]s$/.test(specifier)) throw err;
      return nextResolve(`${specifier}.ts`, context);
    }
  },
});
const { configIssues } = await import("#worker/lib/config.ts");

const options = parseDeployArgs(process.argv.slice(2));
if (typeof options === "string") {
  console.error(options);
  process.exitCode = 2;
} else {
  process.exitCode = await deploy(
    {
      wrangler: runner(join(root, "node_modules/.bin/wrangler")),
      npm: runner("npm"),
      readConfig,
      configIssues,
      log: (line) => console.log(line),
    },
    options,
  );
}
