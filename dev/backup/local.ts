// The local database and bucket of `npm start`, opened with Miniflare on wrangler's state
// directory the way `wrangler d1 export|execute --local` and `wrangler r2 object --local` do
// (`wrangler d1 export` itself has no --persist-to, so the export runs here too).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_splitSqlQuery } from "wrangler";
import {
  countRowsStatements,
  dropEverything,
  type Store,
  type StoredObject,
  schemaObjectsSql,
  userTablesSql,
} from "./store.ts";
import type { Target } from "./target.ts";

export async function openLocalStore(target: Target, persistTo: string): Promise<Store> {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "",
      resourcePersistencePath: join(persistTo, "v3"),
      d1Databases: { DB: target.localDatabaseId },
      r2Buckets: { IMAGES: target.bucketName },
    }),
  );
  const db = await mf.getD1Database("DB");
  const bucket = await mf.getR2Bucket("IMAGES");

  return {
    async exportDatabase(file) {
      // What `wrangler d1 export --local` runs (no schema filter, no table filter).
      const dump = await db.prepare("PRAGMA miniflare_d1_export(?,?,?);").bind(0, 0).raw();
      writeFileSync(file, (dump[0] as unknown[]).join("\n"));
    },

    async tableCounts() {
      const tables = (await db.prepare(userTablesSql).all<{ name: string }>()).results.map((r) => r.name);
      if (tables.length === 0) return {};
      const answers = await db.batch<{ name: string; n: number }>(
        countRowsStatements(tables).map((s) => db.prepare(s)),
      );
      return Object.fromEntries(answers.flatMap((a) => a.results).map((r) => [r.name, r.n]));
    },

    async replaceDatabase(sql) {
      const objects = (await db.prepare(schemaObjectsSql).all<{ type: string; name: string }>()).results;
      const statements = [...dropEverything(objects), ...unstable_splitSqlQuery(sql)];
      // One batch is one transaction: a failure leaves the database as it was.
      await db.batch(statements.map((s) => db.prepare(s)));
    },

    async listObjects() {
      const objects: StoredObject[] = [];
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ include: ["httpMetadata"], ...(cursor ? { cursor } : {}) });
        for (const o of page.objects)
          objects.push({ key: o.key, size: o.size, contentType: o.httpMetadata?.contentType ?? null });
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return objects;
    },

    async downloadObject(key, file) {
      const object = await bucket.get(key);
      if (!object) throw new Error(`R2 object ${key} disappeared while it was being backed up`);
      writeFileSync(file, new Uint8Array(await object.arrayBuffer()));
    },

    async uploadObject(key, file, contentType) {
      await bucket.put(key, readFileSync(file), contentType ? { httpMetadata: { contentType } } : {});
    },

    close: () => mf.dispose(),
  };
}
