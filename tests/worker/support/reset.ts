import { env } from "cloudflare:workers";

/** Empties tables that a test file reads whole, so that each test starts without their rows. */
export async function clearTables(...tables: string[]): Promise<void> {
  await env.DB.batch(tables.map((table) => env.DB.prepare(`delete from ${table}`)));
}
