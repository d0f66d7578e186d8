// Drizzle tables: the single source of column types (docs/product.md §3).
// Times are integer milliseconds since the epoch; the API turns them into ISO strings.
// Every column a cron delete filters on has an index, as the cron runs every minute
// (tests/worker/cron-indexes.test.ts).
// The tables live in schema/db/, by area; this module is the one place code imports them from.
export * from "./db/accounts";
export * from "./db/history";
export * from "./db/listening";
export * from "./db/site";
