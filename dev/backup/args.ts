// Command-line arguments of `npm run backup` and `npm run restore`.
import { parseArgs } from "node:util";

export class UsageError extends Error {}

export type Where = { remote: boolean; env: string | null; persistTo: string | null };
export type BackupArgs = Where & { out: string };
export type RestoreArgs = Where & { dir: string; safetyBackup: boolean; yes: boolean };
export type VerifyArgs = { dir: string };

export const backupUsage = `Usage: npm run backup -- [--local|--remote] [--env NAME] [--persist-to DIR] --out DIR

Writes the D1 database (DIR/d1.sql), every R2 image with its content type (DIR/r2/) and
DIR/manifest.json (row counts per table, sizes and SHA-256 checksums).

  --local            the local database and bucket of \`npm start\` (the default)
  --remote           the deployed database and bucket (needs CLOUDFLARE_API_TOKEN and
                     CLOUDFLARE_ACCOUNT_ID to list the bucket)
  --env NAME         a [env.NAME] section of wrangler.toml
  --persist-to DIR   local state directory (default .wrangler/state); --local only
  --out DIR          where to write the backup; must be empty or not exist yet`;

export const restoreUsage = `Usage: npm run restore -- [--local|--remote] [--env NAME] [--persist-to DIR] [--no-safety-backup] [--yes] DIR

Replaces the database's content with the backup in DIR and puts every image of the backup
back into the bucket, then checks the row counts and the images against DIR/manifest.json, the
foreign keys, and the listening stats against the history. Before changing anything it checks
every file's checksum, restores the backup into a throw-away local database as
\`npm run backup:verify\` does (and stops if it does not come back whole), and writes a backup
of the current state next to DIR (DIR-before-restore-<time>). --local refuses to run while
\`npm start\` (or anything else) has the local state open.

  --local              the local database and bucket of \`npm start\` (the default)
  --remote             the deployed database and bucket (needs CLOUDFLARE_API_TOKEN and
                       CLOUDFLARE_ACCOUNT_ID)
  --env NAME           a [env.NAME] section of wrangler.toml
  --persist-to DIR     local state directory (default .wrangler/state); --local only
  --no-safety-backup   do not back up the current state first
  --yes                do not ask before replacing a remote database`;

export const verifyUsage = `Usage: npm run backup:verify -- DIR

Restores the backup in DIR into a throw-away local database (in a temporary directory, removed
afterwards) and checks it: every file against DIR/manifest.json (size and SHA-256), each table's
row count against the manifest and its rows against d1.sql (SHA-256), every foreign key, and the
listening stats against the history. Changes nothing else; exits with status 1 on a difference.`;

const common = {
  local: { type: "boolean" },
  remote: { type: "boolean" },
  env: { type: "string" },
  "persist-to": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function where(values: { local?: boolean; remote?: boolean; env?: string; "persist-to"?: string }): Where {
  if (values.local && values.remote) throw new UsageError("Choose one of --local and --remote.");
  const remote = values.remote === true;
  if (remote && values["persist-to"] !== undefined)
    throw new UsageError("--persist-to is for the local state; it cannot go with --remote.");
  if (values.env !== undefined && !/^[A-Za-z0-9_-]+$/.test(values.env))
    throw new UsageError(`--env takes the name of a [env.NAME] section, not "${values.env}".`);
  return { remote, env: values.env ?? null, persistTo: values["persist-to"] ?? null };
}

function parse<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** `null` when --help was asked for. */
export function parseBackupArgs(argv: string[]): BackupArgs | null {
  const { values, positionals } = parse(() =>
    parseArgs({
      args: argv,
      options: { ...common, out: { type: "string" } },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) return null;
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  if (typeof values.out !== "string" || values.out === "") throw new UsageError("--out DIR is required.");
  return { ...where(values), out: values.out };
}

/** `null` when --help was asked for. */
export function parseRestoreArgs(argv: string[]): RestoreArgs | null {
  const { values, positionals } = parse(() =>
    parseArgs({
      args: argv,
      options: { ...common, "no-safety-backup": { type: "boolean" }, yes: { type: "boolean", short: "y" } },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) return null;
  if (positionals.length !== 1)
    throw new UsageError(positionals.length === 0 ? "DIR (the backup) is required." : "Give one DIR.");
  return {
    ...where(values),
    dir: positionals[0] as string,
    safetyBackup: values["no-safety-backup"] !== true,
    yes: values.yes === true,
  };
}

/** `null` when --help was asked for. */
export function parseVerifyArgs(argv: string[]): VerifyArgs | null {
  const { values, positionals } = parse(() =>
    parseArgs({
      args: argv,
      options: { help: common.help },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) return null;
  if (positionals.length !== 1)
    throw new UsageError(positionals.length === 0 ? "DIR (the backup) is required." : "Give one DIR.");
  return { dir: positionals[0] as string };
}

/**
 * Runs a backup command: parses `process.argv` with `parse` (a usage error prints `usage` and
 * exits 2, no arguments to act on prints it and exits 0), then `run`; its answer is the exit code,
 * a thrown error is printed as "`name` failed: …" with exit code 1.
 */
export function runCommand<A>(
  name: string,
  parse: (argv: string[]) => A | null,
  usage: string,
  run: (args: A) => Promise<number>,
): void {
  const exit = async (): Promise<number> => {
    let args: A | null;
    try {
      args = parse(process.argv.slice(2));
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      console.error(`${err.message}\n\n${usage}`);
      return 2;
    }
    if (!args) {
      console.log(usage);
      return 0;
    }
    return run(args);
  };
  exit().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}
