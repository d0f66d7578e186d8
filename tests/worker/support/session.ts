// Logged-in sessions made straight in D1 (no login round trip), and calls made as a role.
import { env } from "cloudflare:workers";
import { adminUserId } from "#schema/api.ts";
import { getDb } from "#worker/lib/db.ts";
import { createSession } from "#worker/lib/session.ts";
import { request, sendJson } from "./request";

export type Role = "anonymous" | "user" | "admin";

/** A new session of a new user, or of the admin; `cookie` is the Cookie header to send. */
export async function newSession(role: "user" | "admin"): Promise<{ id: string; cookie: string }> {
  const id = role === "admin" ? adminUserId : crypto.randomUUID();
  await env.DB.prepare("insert or ignore into users (id, email) values (?1, ?2)")
    .bind(id, `${id}@example.com`)
    .run();
  const { token } = await createSession(getDb(env.DB), id, Date.now());
  return { id, cookie: `lr_session=${token}` };
}

/** The headers of a fresh session of the role ({} when anonymous). */
export async function sessionHeaders(role: Role): Promise<Record<string, string>> {
  if (role === "anonymous") return {};
  return { Cookie: (await newSession(role)).cookie };
}

export async function getAs(path: string, role: Role, headers: Record<string, string> = {}) {
  return request(path, { headers: { ...headers, ...(await sessionHeaders(role)) } });
}

export async function sendJsonAs(method: string, path: string, body: unknown, role: Role) {
  return sendJson(method, path, body, await sessionHeaders(role));
}
