// `npm run backup -- [--local|--remote] [--env NAME] [--persist-to DIR] --out DIR`: the D1
// database, every R2 image and a manifest with counts and checksums (docs/operations.md).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { type BackupArgs, backupUsage, parseBackupArgs, runCommand } from "./backup/args.ts";
import { openLocalStore } from "./backup/local.ts";
import { openRemoteStore, remoteCredentials } from "./backup/remote.ts";
import { runBackup } from "./backup/run.ts";
import { readTarget, shownPath } from "./backup/target.ts";

async function main(args: BackupArgs): Promise<number> {
  const target = readTarget(args.env);
  const persistTo = args.remote ? null : resolve(args.persistTo ?? target.defaultPersistTo);
  if (persistTo && !existsSync(persistTo))
    throw new Error(
      `No local state in ${persistTo}: run \`npm start\` or \`npm run db:migrate:local\` first.`,
    );
  const store = persistTo
    ? await openLocalStore(target, persistTo)
    : openRemoteStore({ target, credentials: remoteCredentials(process.env) });
  const out = resolve(args.out);
  try {
    const source = {
      target: persistTo ? ("local" as const) : ("remote" as const),
      env: args.env,
      persistTo: persistTo ? shownPath(persistTo) : null,
    };
    await runBackup(store, out, { target, source });
  } finally {
    await store.close();
  }
  console.log(`backup written to ${shownPath(out)} (manifest.json lists every file)`);
  return 0;
}

runCommand("backup", parseBackupArgs, backupUsage, main);
