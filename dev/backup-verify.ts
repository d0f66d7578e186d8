// `npm run backup:verify -- DIR`: proves a backup restores, without touching the site's data. It
// restores DIR into a throw-away local database and compares counts and checksums
// (docs/operations.md, ADR 029).
import { resolve } from "node:path";
import { parseVerifyArgs, runCommand, type VerifyArgs, verifyUsage } from "./backup/args.ts";
import { loadBackup } from "./backup/run.ts";
import { readTarget, shownPath } from "./backup/target.ts";
import { rehearseRestore } from "./backup/verify.ts";

async function main(args: VerifyArgs): Promise<number> {
  const dir = resolve(args.dir);
  const manifest = loadBackup(dir);
  console.log(`verifying ${shownPath(dir)} (made ${manifest.createdAt} from ${manifest.source.target})`);
  // Any database and bucket names do for the throw-away state; the top level's are at hand.
  const { summary, problems, statsProblems } = await rehearseRestore(dir, manifest, readTarget(null));
  for (const line of summary) console.log(line);
  if (problems.length > 0) console.error(`The backup does not come back whole:\n  ${problems.join("\n  ")}`);
  if (statsProblems.length > 0)
    console.error(
      `The backup's listening stats do not agree with its history (they came so from the database):\n  ${statsProblems.join("\n  ")}`,
    );
  if (problems.length + statsProblems.length > 0) return 1;
  console.log("backup verified: it restores into an empty database whole, as its manifest and d1.sql say");
  return 0;
}

runCommand("backup:verify", parseVerifyArgs, verifyUsage, main);
