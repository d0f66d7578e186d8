// `npm run deploy`: checks first and changes nothing until every check passes, then builds,
// makes sure the D1 database exists, applies its migrations, and deploys (ADR 014). Wrangler and
// npm are reached through `Tools`, so the tests drive every path with wrangler's answers stubbed.

export type RunResult = { code: number; stdout: string; stderr: string };
export type Run = (args: string[]) => Promise<RunResult>;

/** What the deploy reads from wrangler.toml for the chosen environment. */
export type DeployConfig = { workerName: string; databaseName: string; vars: Record<string, string> };

export type Tools = {
  wrangler: Run;
  npm: Run;
  readConfig: (env: string | undefined) => DeployConfig;
  /** What the worker's own configuration parsing refuses in these variables (worker/lib/config.ts). */
  configIssues: (vars: Record<string, string>) => { name: string; message: string }[];
  log: (line: string) => void;
};

export type DeployOptions = { env?: string; dryRun: boolean };

/** Secrets every public site needs, and how to make each. */
const alwaysNeeded: [name: string, hint: string][] = [
  ["ADMIN_PASSWORD_HASH", "make it with `npm run admin:hash`"],
  ["AUTH_PEPPER", "the pepper you gave `npm run admin:hash`"],
];

const secretNamesChecked = ["ADMIN_PASSWORD_HASH", "AUTH_PEPPER", "RESEND_API_KEY"];

const envArgs = (env: string | undefined) => (env ? ["--env", env] : []);

/** Variables still naming an example host (RFC 2606): the site would go live pointing nowhere. */
function placeholderVars(config: DeployConfig, env: string | undefined): string[] {
  const table = env ? `[env.${env}.vars]` : "[vars]";
  return Object.entries(config.vars)
    .filter(([, value]) => /\.example(?=$|[/:>\s"])|\bexample\.(com|net|org)\b/i.test(value))
    .map(
      ([name, value]) => `${name} is still the example value "${value}": set it in wrangler.toml ${table}.`,
    );
}

/** The secret names set on the Worker; none when the Worker does not exist yet. */
async function secretNames(tools: Tools, env: string | undefined): Promise<string[] | string> {
  const listed = await tools.wrangler(["secret", "list", "--format", "json", ...envArgs(env)]);
  if (listed.code !== 0) {
    const output = `${listed.stdout}\n${listed.stderr}`;
    // A Worker never deployed has no secrets (Cloudflare's error 10007: script not found).
    if (/10007|not found|does not exist/i.test(output)) return [];
    return `Could not list the Worker's secrets: ${output.trim().split("\n").pop() ?? ""}`;
  }
  try {
    return (JSON.parse(listed.stdout) as { name: string }[]).map((secret) => secret.name);
  } catch {
    return `Could not read the Worker's secrets from: ${listed.stdout.trim().slice(0, 200)}`;
  }
}

/** Every reason not to deploy yet, each naming what is missing and the command that sets it. */
export async function preflight(
  tools: Tools,
  options: DeployOptions,
  config: DeployConfig,
): Promise<string[]> {
  const whoami = await tools.wrangler(["whoami", "--json"]);
  if (whoami.code !== 0) {
    return [
      "Not logged in to Cloudflare: run `npx wrangler login`, or set CLOUDFLARE_API_TOKEN " +
        "(and CLOUDFLARE_ACCOUNT_ID when the token reaches more than one account).",
    ];
  }
  const problems = placeholderVars(config, options.env);
  const table = options.env ? `[env.${options.env}.vars]` : "[vars]";
  // Secrets are checked by name below; the worker would refuse the rest at its first request.
  for (const issue of tools.configIssues(config.vars)) {
    if (secretNamesChecked.includes(issue.name)) continue;
    problems.push(`${issue.name} ${issue.message}: fix it in wrangler.toml ${table}.`);
  }
  const needed = [...alwaysNeeded];
  if ((config.vars.MAIL_PROVIDER ?? "log") === "resend") {
    needed.push(["RESEND_API_KEY", "your Resend API key (MAIL_PROVIDER is resend)"]);
  }
  const names = await secretNames(tools, options.env);
  if (typeof names === "string") return [...problems, names];
  const flag = options.env ? ` --env ${options.env}` : "";
  for (const [name, hint] of needed) {
    if (!names.includes(name)) {
      problems.push(`Secret ${name} is not set (${hint}): run \`npx wrangler secret put ${name}${flag}\`.`);
    }
  }
  return problems;
}

type Step = { what: string; run: () => Promise<RunResult> };

/**
 * The changes in their order: the database exists and is migrated before the code that needs it
 * is deployed, so no request is served against an unmigrated schema. Migrations are additive
 * (ADR 014), so the code still running while they apply keeps working.
 */
async function steps(tools: Tools, options: DeployOptions, databaseName: string): Promise<Step[] | string> {
  const env = envArgs(options.env);
  const info = await tools.wrangler(["d1", "info", databaseName, "--json", ...env]);
  const plan: Step[] = [{ what: "build the site", run: () => tools.npm(["run", "build"]) }];
  if (info.code !== 0) {
    const output = `${info.stdout}\n${info.stderr}`;
    if (!/couldn't find|not found|does not exist/i.test(output)) {
      return `Could not look up the D1 database ${databaseName}: ${output.trim().split("\n").pop() ?? ""}`;
    }
    plan.push({
      what: `create the D1 database ${databaseName}`,
      run: () => tools.wrangler(["d1", "create", databaseName, ...env]),
    });
  }
  plan.push(
    {
      what: `apply the D1 migrations to ${databaseName}`,
      run: () => tools.wrangler(["d1", "migrations", "apply", "DB", "--remote", ...env]),
    },
    {
      what: "deploy the Worker (wrangler creates the KV namespace and R2 bucket on the first run)",
      run: () => tools.wrangler(["deploy", ...env]),
    },
  );
  return plan;
}

/** Runs the deploy; answers the process exit code. */
export async function deploy(tools: Tools, options: DeployOptions): Promise<number> {
  const target = options.env ? `the ${options.env} environment` : "production";
  tools.log(`Checking before deploying ${target}…`);
  const config = tools.readConfig(options.env);
  const problems = await preflight(tools, options, config);
  if (problems.length > 0) {
    tools.log("Nothing was changed. Before deploying:");
    for (const problem of problems) tools.log(`  - ${problem}`);
    return 1;
  }
  const plan = await steps(tools, options, config.databaseName);
  if (typeof plan === "string") {
    tools.log(`Nothing was changed. ${plan}`);
    return 1;
  }
  if (options.dryRun) {
    tools.log("Dry run: the checks passed; a deploy would now:");
    for (const [i, step] of plan.entries()) tools.log(`  ${i + 1}. ${step.what}`);
    const bundle = await tools.wrangler(["deploy", "--dry-run", ...envArgs(options.env)]);
    tools.log(bundle.code === 0 ? "The Worker bundles (wrangler deploy --dry-run)." : bundle.stderr);
    return bundle.code === 0 ? 0 : 1;
  }
  for (const [i, step] of plan.entries()) {
    tools.log(`${i + 1}/${plan.length}: ${step.what}`);
    const result = await step.run();
    if (result.code !== 0) {
      tools.log(`Stopped: "${step.what}" failed. Running \`npm run deploy\` again is safe.`);
      return result.code;
    }
  }
  tools.log(`Deployed ${target}.`);
  return 0;
}

/** `--env NAME`, `--env=NAME`, `--dry-run`; anything else is refused. */
export function parseDeployArgs(args: string[]): DeployOptions | string {
  const options: DeployOptions = { dryRun: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--dry-run") options.dryRun = true;
    else if (arg === "--env" && args[i + 1] && !args[i + 1]?.startsWith("-")) options.env = args[++i];
    else if (/^--env=[\w-]+$/.test(arg)) options.env = arg.slice("--env=".length);
    else return `Unknown argument ${arg}. Usage: npm run deploy -- [--env NAME] [--dry-run]`;
  }
  return options;
}
