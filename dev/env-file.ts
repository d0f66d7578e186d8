import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";

/** Reads a dotenv file (the format `wrangler dev --env-file` reads). */
export function parseEnvFile(path: string): Record<string, string | undefined> {
  return parseEnv(readFileSync(path, "utf8")) as Record<string, string | undefined>;
}
