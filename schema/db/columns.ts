// Columns every table writes alike.
import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

export const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
export const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(nowMs);
