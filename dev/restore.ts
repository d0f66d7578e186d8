// `npm run restore -- [--local|--remote] [--env NAME] [--persist-to DIR] [--no-safety-backup] DIR`:
// replaces the database's content with the backup's, puts its images back, and checks the
// result against the manifest (README: Operations).
import { resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseRestoreArgs, restoreUsage, UsageError } from "./backup/args.ts";
import { openLocalStore } from "./backup/local.ts";
import { openRemoteStore, remoteCredentials } from "./backup/remote.ts";
import { loadBackup, restoreInto, runBackup, verifyRestore } from "./backup/run.ts";
import { readTarget, shownPath, type Target } from "./backup/target.ts";

async function confirmRemote(target: Target, yes: boolean): Promise<void> {
  if (yes) return;
  const what = `remote D1 database ${target.databaseName}${target.env ? ` (env ${target.env})` : ""}`;
  if (!process.stdin.isTTY)
    throw new Error(`Restoring replaces the content of the ${what}; add --yes to do it without a prompt.`);
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`This replaces the content of the ${what}. Type its name to go on: `);
  rl.close();
  if (answer.trim() !== target.databaseName) throw new Error("Not confirmed; nothing was changed.");
}

async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parseRestoreArgs>;
  try {
    args = parseRestoreArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${restoreUsage}`);
    return 2;
  }
  if (!args) {
    console.log(restoreUsage);
    return 0;
  }
  const dir = resolve(args.dir);
  // Every checksum is checked before anything changes.
  const manifest = loadBackup(dir);
  const target = readTarget(args.env);
  const persistTo = args.remote ? null : resolve(args.persistTo ?? target.defaultPersistTo);
  const store = persistTo
    ? await openLocalStore(target, persistTo)
    : openRemoteStore({ target, credentials: remoteCredentials(process.env) });
  try {
    if (!persistTo) await confirmRemote(target, args.yes);
    if (args.safetyBackup) {
      const safety = `${dir}-before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      console.log(`safety backup of the current state → ${shownPath(safety)}`);
      const source = {
        target: persistTo ? ("local" as const) : ("remote" as const),
        env: args.env,
        persistTo: persistTo ? shownPath(persistTo) : null,
      };
      await runBackup(store, safety, { target, source });
    }
    console.log(`restoring ${shownPath(dir)} (made ${manifest.createdAt} from ${manifest.source.target})`);
    await restoreInto(store, dir, manifest);
    const { summary, problems } = await verifyRestore(store, manifest);
    for (const line of summary) console.log(line);
    if (problems.length > 0) {
      console.error(`The restored data differs from the backup:\n  ${problems.join("\n  ")}`);
      return 1;
    }
    console.log("restore verified: every table's row count and every object match the manifest");
    return 0;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
