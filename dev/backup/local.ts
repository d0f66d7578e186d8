// The local database and bucket of `npm start`, opened with Miniflare on wrangler's state
// directory the way `wrangler d1 export|execute --local` and `wrangler r2 object --local` do
// (`wrangler d1 export` itself has no --persist-to, so the export runs here too).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import {
  countRowsStatements,
  replacement,
  type Store,
  type StoredObject,
  schemaObjectsSql,
  userTablesSql,
} from "./store.ts";
import type { Target } from "./target.ts";

/**
 * Runs a batch inside workerd, so the statements cross to it in one request: through Miniflare's
 * binding proxy each `prepare` is a round trip of its own, and a restore of 30,000 plays spent
 * minutes there (ADR 029). One batch is one transaction.
 */
const batchWorker = `export default {
  async fetch(request, env) {
    const statements = await request.json();
    try {
      const answers = await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
      return Response.json(answers.map((a) => a.results));
    } catch (err) {
      return Response.json({ error: String(err?.message ?? err) }, { status: 500 });
    }
  },
};`;

export async function openLocalStore(target: Target, persistTo: string): Promise<Store> {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: batchWorker,
      resourcePersistencePath: join(persistTo, "v3"),
      d1Databases: { DB: target.localDatabaseId },
      r2Buckets: { IMAGES: target.bucketName },
    }),
  );
  const db = await mf.getD1Database("DB");
  const bucket = await mf.getR2Bucket("IMAGES");
  const batch = async (statements: string[]): Promise<Record<string, unknown>[][]> => {
    if (statements.length === 0) return [];
    const response = await mf.dispatchFetch("http://store.local/batch", {
      method: "POST",
      body: JSON.stringify(statements),
    });
    const answer = (await response.json()) as Record<string, unknown>[][] | { error: string };
    if ("error" in answer) throw new Error(answer.error);
    return answer;
  };

  return {
    async exportDatabase(file) {
      // What `wrangler d1 export --local` runs (no schema filter, no table filter).
      const dump = await db.prepare("PRAGMA miniflare_d1_export(?,?,?);").bind(0, 0).raw();
      writeFileSync(file, (dump[0] as unknown[]).join("\n"));
    },

    async tableCounts() {
      const [tables = []] = await batch([userTablesSql]);
      const answers = await batch(countRowsStatements(tables.map((r) => String(r.name))));
      return Object.fromEntries(answers.flat().map((r) => [String(r.name), Number(r.n)]));
    },

    query: batch,

    async replaceDatabase(plan) {
      const [objects = []] = await batch([schemaObjectsSql]);
      // One batch is one transaction: a failure leaves the database as it was.
      await batch(replacement(objects as { type: string; name: string }[], plan));
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
