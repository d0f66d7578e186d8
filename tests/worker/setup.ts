import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// The worker project shares one runner and its storage across files (isolate: false in
// vitest.config.ts, ADR 046): each file starts from the empty tables, namespace and buckets a
// fresh runner would give it (worker-station's files have a runner each, and find them empty).
// Still shared, as nothing here can empty them: the worker's module state, Durable Objects'
// storage and the Cache API (caches.default). A file that leaves something in them that another
// could read puts it back (ADR 046).
// The database: every table, view and trigger dropped, then the migrations applied again.
const objects = await env.DB.prepare(
  "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND substr(name, 1, 7) <> 'sqlite_' AND substr(name, 1, 4) <> '_cf_'",
).all<{ type: "table" | "view" | "trigger"; name: string }>();
if (objects.results.length > 0) {
  const order = { trigger: 0, view: 1, table: 2 };
  const drops = objects.results
    .sort((a, b) => order[a.type] - order[b.type])
    .map(({ type, name }) => env.DB.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name}"`));
  // Foreign keys are checked at the batch's end, when no table is left.
  await env.DB.batch([env.DB.prepare("PRAGMA defer_foreign_keys = on"), ...drops]);
}
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

for (let cursor: string | undefined, done = false; !done; ) {
  const page = await env.KV.list(cursor ? { cursor } : {});
  await Promise.all(page.keys.map(({ name }) => env.KV.delete(name)));
  done = page.list_complete;
  cursor = page.list_complete ? undefined : page.cursor;
}

for (const bucket of [env.IMAGES, env.REWIND]) {
  for (let cursor: string | undefined, truncated = true; truncated; ) {
    const page = await bucket.list(cursor ? { cursor } : {});
    if (page.objects.length > 0) await bucket.delete(page.objects.map(({ key }) => key));
    truncated = page.truncated;
    cursor = page.truncated ? page.cursor : undefined;
  }
}
