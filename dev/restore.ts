// `npm run restore -- [--local|--remote] [--env NAME] [--persist-to DIR] [--no-safety-backup] DIR`:
// replaces the database's content with the backup's, puts its images back, and checks the
// result against the manifest (docs/operations.md, ADR 029).
import { resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseRestoreArgs, type RestoreArgs, restoreUsage, runCommand } from "./backup/args.ts";
import { describeHolder, processesUsing } from "./backup/in-use.ts";
import { openLocalStore } from "./backup/local.ts";
import { openRemoteStore, remoteCredentials } from "./backup/remote.ts";
import { loadBackup, restoreInto, runBackup, verifyRestore } from "./backup/run.ts";
import { readTarget, shownPath, type Target } from "./backup/target.ts";
import { rehearseRestore } from "./backup/verify.ts";

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

/** Refuses while `npm start` (or anything else) has the local state open: they would race for it. */
function refuseWhileInUse(persistTo: string): void {
  const holders = processesUsing(persistTo);
  if (holders === null) {
    console.warn(
      `Cannot tell whether \`npm start\` has ${shownPath(persistTo)} open (no /proc, no lsof): make sure it is stopped.`,
    );
    return;
  }
  if (holders.length === 0) return;
  throw new Error(
    `The local state in ${shownPath(persistTo)} is in use by:\n  ${holders.map(describeHolder).join("\n  ")}\n` +
      "Stop `npm start` (Ctrl-C in its terminal) and anything else using it, then run the restore again. " +
      "Nothing was changed.",
  );
}

async function main(args: RestoreArgs): Promise<number> {
  const dir = resolve(args.dir);
  // Every checksum is checked before anything changes.
  const manifest = loadBackup(dir);
  const target = readTarget(args.env);
  const persistTo = args.remote ? null : resolve(args.persistTo ?? target.defaultPersistTo);
  if (persistTo) refuseWhileInUse(persistTo);
  const store = persistTo
    ? await openLocalStore(target, persistTo)
    : openRemoteStore({ target, credentials: remoteCredentials(process.env) });
  try {
    if (!persistTo) await confirmRemote(target, args.yes);
    console.log(`restoring ${shownPath(dir)} (made ${manifest.createdAt} from ${manifest.source.target})`);
    const rehearsal = await rehearseRestore(dir, manifest, target).catch((err: unknown) => {
      throw new Error(`${err instanceof Error ? err.message : err}\nNothing was changed.`);
    });
    for (const line of rehearsal.summary) console.log(`rehearsal on a throw-away database: ${line}`);
    if (rehearsal.problems.length > 0) {
      console.error(
        `The backup does not come back whole even into an empty database, so nothing was changed:\n  ${rehearsal.problems.join("\n  ")}`,
      );
      return 1;
    }
    for (const problem of rehearsal.statsProblems)
      console.warn(`warning: in the backup itself, ${problem.replace(/^d1: /, "")}; restored as backed up`);
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
    await restoreInto(store, dir, manifest, rehearsal.plan);
    const { summary, problems } = await verifyRestore(store, manifest, rehearsal.statsProblems);
    for (const line of summary) console.log(line);
    if (problems.length > 0) {
      console.error(`The restored data differs from the backup:\n  ${problems.join("\n  ")}`);
      return 1;
    }
    console.log("restore verified: the database and the bucket hold the backup, as the lines above say");
    return 0;
  } finally {
    await store.close();
  }
}

runCommand("restore", parseRestoreArgs, restoreUsage, main);
